import { describe, expect, it } from "vitest";
import { API_REFERENCE_HTML, apiReferenceAsset } from "~/server/openapi/api-reference-page";

describe("the API reference page", () => {
  it("loads everything from its own origin: no CDN, no web fonts", () => {
    const urls = [...API_REFERENCE_HTML.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? "");
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url, url).toMatch(/^\/(?!\/)/);
  });

  it("serves Swagger UI's bundle and stylesheet from the installed package, and nothing else", async () => {
    const bundle = await apiReferenceAsset("swagger-ui-bundle.js");
    expect(bundle?.contentType).toMatch(/^text\/javascript/);
    expect(String(bundle?.body)).toContain("SwaggerUIBundle");
    expect((await apiReferenceAsset("swagger-ui.css"))?.contentType).toMatch(/^text\/css/);
    expect(String((await apiReferenceAsset("start.js"))?.body)).toContain('url: "/api/openapi.json"');
    for (const name of ["package.json", "../package.json", "index.html", "constructor", "__proto__"]) {
      expect(await apiReferenceAsset(name), name).toBeUndefined();
    }
  });
});
