import { beforeAll, describe, expect, it } from "vitest";
import * as page from "~/app/p/[uuid]/route";
import type { TModel } from "~/domain/model-schema";
import type { TPassport } from "~/domain/passport-schema";
import { importTemplate } from "~/server/services/templates/import-template";
import { dataValuesPath, postModel } from "./support/actors";
import { fixtureTemplateMultilingual, IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * The passport in the reader's language (docs/languages.md, Reading): `?lang=` first, then Accept-Language, then the
 * organization's default, published languages only; `Vary: Accept-Language` and an ETag per language, the cache per
 * language, and a write seen at once in each language.
 */

let world: World;
let model: TModel;
let uuid: string;

const name = (value: string, language?: string) => ({
  dataSectionId: IDS.general,
  dataFieldId: IDS.name,
  row: 0,
  value,
  ...(language !== undefined && { language }),
});
const notes = (value: string, language?: string) => ({ ...name(value, language), dataSectionId: IDS.details, dataFieldId: IDS.notes });

beforeAll(async () => {
  world = await createWorld("passport-languages");
  const template = await importTemplate({
    organizationId: world.organization.id,
    createdByUserId: world.user.id,
    definition: fixtureTemplateMultilingual(),
  });
  await api("PATCH", `/api/organizations/${world.organization.id}`, {
    token: world.token,
    body: { defaultLanguage: "en", publishedLanguages: ["en", "de", "fr"] },
  });
  model = await postModel(world, { templateId: template.id });
  uuid = model.uniqueProductIdentifiers[0]?.uuid ?? "";
  await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: [name("Battery"), notes("Only in English")] });
  await api("POST", dataValuesPath(world, model.id), { token: world.token, body: [name("Akku", "de"), name("Batterie", "fr")] });
});

async function read(query = "", headers: Record<string, string> = {}) {
  return api<TPassport>("GET", `/api/product-passports/${uuid}${query}`, { headers });
}

function valueOf(passport: TPassport, sectionId: string, fieldId: string): unknown {
  return passport.dataSections.find((s) => s.id === sectionId)?.dataValues[0]?.[fieldId];
}

describe("negotiation of the passport JSON", () => {
  it("answers ?lang= first, then Accept-Language, then the default; only published languages", async () => {
    const cases: [string, Record<string, string>, string][] = [
      ["?lang=de", { "accept-language": "fr" }, "de"],
      ["?lang=it", { "accept-language": "fr;q=0.5, it" }, "fr"],
      ["", { "accept-language": "de-AT, en;q=0.8" }, "de"],
      ["", { "accept-language": "it, *" }, "en"],
      ["", {}, "en"],
    ];
    for (const [query, headers, expected] of cases) {
      const answer = await read(query, headers);
      expect(answer.status).toBe(200);
      expect(answer.body.language, `${query} ${JSON.stringify(headers)}`).toBe(expected);
      expect(answer.body.languages).toEqual(["en", "de", "fr"]);
      expect(answer.headers.get("vary")).toContain("Accept-Language");
      expect(answer.headers.get("content-language")).toBe(expected);
    }
  });

  it("shows the answered language's value, and the default's where that language has none", async () => {
    const de = (await read("?lang=de")).body;
    expect(valueOf(de, IDS.general, IDS.name)).toBe("Akku");
    expect(valueOf(de, IDS.details, IDS.notes)).toBe("Only in English");
    expect(valueOf((await read("?lang=fr")).body, IDS.general, IDS.name)).toBe("Batterie");
    expect(valueOf((await read()).body, IDS.general, IDS.name)).toBe("Battery");
  });

  it("has a distinct ETag per language and answers 304 per language", async () => {
    const en = await read("?lang=en");
    const de = await read("?lang=de");
    const enTag = en.headers.get("etag") ?? "";
    const deTag = de.headers.get("etag") ?? "";
    expect(enTag).not.toBe(deTag);
    expect((await read("?lang=de", { "if-none-match": deTag })).status).toBe(304);
    expect((await read("", { "accept-language": "de", "if-none-match": deTag })).status).toBe(304);
    expect((await read("?lang=en", { "if-none-match": deTag })).status).toBe(200);
  });

  it("shows a new write at once in each language, without mixing the cached languages", async () => {
    expect(valueOf((await read("?lang=de")).body, IDS.general, IDS.name)).toBe("Akku");
    await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: [name("Akku 2", "de")] });
    expect(valueOf((await read("?lang=de")).body, IDS.general, IDS.name)).toBe("Akku 2");
    expect(valueOf((await read("?lang=en")).body, IDS.general, IDS.name)).toBe("Battery");
    await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: [name("Battery 2")] });
    expect(valueOf((await read()).body, IDS.general, IDS.name)).toBe("Battery 2");
    expect(valueOf((await read("?lang=de")).body, IDS.general, IDS.name)).toBe("Akku 2");
    expect(valueOf((await read("?lang=fr")).body, IDS.general, IDS.name)).toBe("Batterie");
  });
});

describe("negotiation of the passport page", () => {
  async function open(query: string, headers: Record<string, string> = {}): Promise<Response> {
    return page.GET(new Request(`http://localhost:3000/p/${uuid}${query}`, { headers }), { params: Promise.resolve({ uuid }) });
  }

  it("states the language shown, links to the others, varies by Accept-Language with an ETag per language", async () => {
    const de = await open("", { "accept-language": "de" });
    const text = await de.text();
    expect(de.headers.get("vary")).toContain("Accept-Language");
    expect(de.headers.get("content-language")).toBe("de");
    expect(text).toContain('<div class="passport-content" lang="de">');
    expect(text).toContain('href="?lang=en"');
    expect(text).toContain('href="?lang=fr"');
    expect(text).not.toContain('href="?lang=de"');
    const en = await open("?lang=en", { "accept-language": "de" });
    expect(await en.text()).toContain('lang="en"');
    const deTag = de.headers.get("etag") ?? "";
    expect(en.headers.get("etag")).not.toBe(deTag);
    expect((await open("?lang=de", { "if-none-match": deTag })).status).toBe(304);
  });
});
