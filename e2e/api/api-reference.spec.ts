import { axeOf } from "../axe";
import { expect, test, type Locator, type Page } from "@playwright/test";

/**
 * The OpenAPI document and its reference page in the production build: the document is public and cacheable, and
 * Swagger UI renders every operation under the app's Content-Security-Policy (no eval, no inline script) with every
 * file from our own origin — no CDN, no web fonts — and can call the API from the page.
 */

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

/**
 * The operations of a document's paths. The served document is counted, not the source module: the spec runner loads
 * no server code (its ESM loader cannot load aas-core3.0's package), and openapi-document.test.ts checks the source.
 */
function operationCount(paths: Record<string, Record<string, unknown> | undefined>): number {
  return Object.values(paths).reduce((count, item) => count + Object.keys(item ?? {}).filter((key) => METHODS.has(key)).length, 0);
}

test("GET /api/openapi.json answers the OpenAPI 3.1 document without credentials", async ({ request }) => {
  const response = await request.get("/api/openapi.json");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("max-age");
  const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toBe("3.1.0");
  // The contract's first routes are there with their methods; the whole document is checked by openapi-document.test.ts.
  const models = (document.paths as Record<string, Record<string, unknown>>)["/api/organizations/{orgaId}/models"];
  expect(Object.keys(models ?? {})).toEqual(expect.arrayContaining(["get", "post"]));
});

/** axe's serious and critical findings, as "impact id ×nodes", on the page or inside `include`. */
async function axeFindings(page: Page, include?: string): Promise<string[]> {
  const builder = axeOf(page);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map((v) => `${v.impact} ${v.id} ×${v.nodes.length}`);
}

/**
 * Opens one operation and scans it alone: the rest of the page was scanned closed (a full scan costs half a minute),
 * so the open operation is what is new.
 */
async function axeFindingsOfOpenOperation(operation: Locator): Promise<string[]> {
  await operation.locator(".opblock-summary-control").click();
  await expect(operation.getByRole("button", { name: "Try it out" })).toBeVisible();
  await operation.evaluate((element) => element.setAttribute("data-axe-scope", ""));
  return axeFindings(operation.page(), "[data-axe-scope]");
}

async function renderedOperationCount(page: Page): Promise<number> {
  const served = (await (await page.request.get("/api/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
  return operationCount(served.paths);
}

// Swagger UI renders every operation in the browser, and axe scans them all: one render per width (each is most of a
// minute on the 2-core CI machine), so the 1280 px render is also the one the CSP and "Try it out" are checked on.
test("/docs/api at 1280 px renders every operation under the production CSP from our own origin only, passes axe, and calls the API", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const problems: string[] = [];
  const foreign: string[] = [];
  page.on("pageerror", (error) => problems.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy|Refused|eval/i.test(message.text())) problems.push(message.text());
  });
  page.on("request", (request) => {
    if (!request.url().startsWith(baseURL ?? "")) foreign.push(request.url());
  });
  await page.setViewportSize({ width: 1280, height: 800 });

  const response = await page.goto("/docs/api");
  expect(response?.status()).toBe(200);
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("script-src 'self' 'unsafe-inline'");
  expect(csp).not.toContain("unsafe-eval");

  await expect(page.getByRole("heading", { name: /Passport Studio API/ })).toBeVisible();
  await expect(page.locator(".opblock")).toHaveCount(await renderedOperationCount(page), { timeout: 60_000 });
  expect(await axeFindings(page), "closed at 1280px").toEqual([]);

  // Try it out on the public document: the page's own fetch passes connect-src 'self'.
  const operation = page.locator(".opblock").filter({ hasText: "/api/openapi.json" });
  expect(await axeFindingsOfOpenOperation(operation), "open at 1280px").toEqual([]);
  await operation.getByRole("button", { name: "Try it out" }).click();
  await operation.getByRole("button", { name: "Execute" }).click();
  // Swagger UI shows the status once it has laid out the answer, the 400 KB document with its syntax highlighting:
  // 4–7 s on a quiet machine, past the default 10 s while the other rings load CI's.
  await expect(operation.locator(".live-responses-table tbody .response-col_status").first()).toHaveText("200", { timeout: 60_000 });

  expect(problems).toEqual([]);
  expect(foreign).toEqual([]);
});

test("/docs/api passes axe at 375 px, with an operation open", async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/docs/api");
  await expect(page.locator(".opblock")).toHaveCount(await renderedOperationCount(page), { timeout: 60_000 });
  expect(await axeFindings(page), "closed at 375px").toEqual([]);
  expect(await axeFindingsOfOpenOperation(page.locator(".opblock").first()), "open at 375px").toEqual([]);
});
