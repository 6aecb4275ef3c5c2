import type { JSONWebKeySet } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import * as page from "~/app/p/[uuid]/route";
import type { TModel } from "~/domain/model-schema";
import type { TPassport, TPassportSection } from "~/domain/passport-schema";
import type { TPublishedVersion, TVersionDocument, TVersionList } from "~/domain/versions/passport-credential";
import { verifyVersionChain } from "~/domain/versions/verify-versions";
import { importTemplate } from "~/server/services/templates/import-template";
import { dataValuesPath, modelPath, postModel } from "./support/actors";
import { fixtureTemplateMultilingual, IDS } from "./support/fixture-template";
import { api, dispatch } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * The reader's passport in the negotiated language (docs/languages.md §Reading, docs/versions.md §Languages): labels
 * through the template's translations, the working copy and a published version alike; a version holds every
 * published language in its signed document and is cut at read, stays readable in each after the organization drops
 * one, and still verifies; the reader never gets the raw translations.
 */

const CHEMISTRY = "10000000-0000-4000-8000-0000000000c1";

let world: World;
let model: TModel;
let uuid: string;

/** The multilingual fixture with German labels, a German description and a choice field with German labels. */
function translatedTemplate() {
  const definition = fixtureTemplateMultilingual();
  return {
    ...definition,
    sections: definition.sections.map((section) => {
      if (section.id !== IDS.general) return section;
      return {
        ...section,
        translations: { de: { name: "Allgemeines", description: "Angaben zum Produkt" } },
        dataFields: [
          ...section.dataFields.map((field) =>
            field.id === IDS.name ? { ...field, translations: { de: { name: "Produktname", description: "Wie es heißt" } } } : field,
          ),
          {
            id: CHEMISTRY,
            name: "Chemistry",
            type: "TextField",
            options: { choices: "LFP|NMC" },
            translations: { de: { name: "Zellchemie", choices: { LFP: "Lithium-Eisenphosphat" } } },
          },
        ],
      };
    }),
  };
}

const value = (dataFieldId: string, text: string, language?: string) => ({
  dataSectionId: IDS.general,
  dataFieldId,
  row: 0,
  value: text,
  ...(language !== undefined && { language }),
});

beforeAll(async () => {
  world = await createWorld("reader-languages");
  const template = await importTemplate({
    organizationId: world.organization.id,
    createdByUserId: world.user.id,
    definition: translatedTemplate(),
  });
  await setLanguages(["en", "de"]);
  model = await postModel(world, { templateId: template.id });
  uuid = model.uniqueProductIdentifiers[0]?.uuid ?? "";
  const written = await api("PATCH", dataValuesPath(world, model.id), {
    token: world.token,
    body: [value(IDS.name, "Battery"), value(CHEMISTRY, "LFP")],
  });
  expect(written.status).toBe(200);
  expect(
    (await api("POST", dataValuesPath(world, model.id), { token: world.token, body: [value(IDS.name, "Akku", "de")] })).status,
  ).toBe(201);
});

async function setLanguages(publishedLanguages: string[]): Promise<void> {
  const response = await api("PATCH", `/api/organizations/${world.organization.id}`, {
    token: world.token,
    body: { defaultLanguage: "en", publishedLanguages },
  });
  expect(response.status).toBe(200);
}

async function read(query = "", headers: Record<string, string> = {}, token?: string) {
  const response = await api<TPassport>("GET", `/api/product-passports/${uuid}${query}`, { headers, token });
  expect(response.status).toBe(200);
  return response;
}

async function openPage(query: string, headers: Record<string, string> = {}): Promise<Response> {
  return page.GET(new Request(`http://localhost:3000/p/${uuid}${query}`, { headers }), { params: Promise.resolve({ uuid }) });
}

function general(passport: TPassport): TPassportSection {
  const section = passport.dataSections.find((s) => s.id === IDS.general);
  if (!section) throw new Error("no General section");
  return section;
}

function fieldOf(passport: TPassport, fieldId: string) {
  return general(passport).dataFields.find((f) => f.id === fieldId);
}

/** What every reader's answer must never hold: the raw translations and the per-language values of a signed document. */
function expectNoRawTranslations(passport: TPassport): void {
  for (const section of passport.dataSections) {
    expect(section).not.toHaveProperty("translations");
    expect(section).not.toHaveProperty("dataValueLanguages");
    for (const field of section.dataFields) expect(field).not.toHaveProperty("translations");
  }
}

async function publish(): Promise<TPublishedVersion> {
  const response = await api<TPublishedVersion>("POST", `${modelPath(world, model.id)}/passport-versions`, { token: world.token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function getPublic<T>(path: string): Promise<T> {
  const request = new Request(new URL(path, "http://localhost:3000"));
  const response = await dispatch(request);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return (path.endsWith(".jwt") ? text : JSON.parse(text)) as T;
}

describe("labels in the negotiated language (working copy)", () => {
  it("names sections and fields, describes them and labels choices in the answered language, falling back to the original", async () => {
    const de = (await read("", { "accept-language": "de-DE,de;q=0.9" })).body;
    expect(de.language).toBe("de");
    expect(general(de)).toMatchObject({ name: "Allgemeines", description: "Angaben zum Produkt" });
    expect(fieldOf(de, IDS.name)).toMatchObject({ name: "Produktname", description: "Wie es heißt" });
    // No German name: the original; a choice without a German label shows its code.
    expect(fieldOf(de, IDS.weight)?.name).toBe("Weight");
    expect(fieldOf(de, CHEMISTRY)).toMatchObject({ name: "Zellchemie", choiceLabels: ["Lithium-Eisenphosphat", "NMC"] });
    expect(general(de).dataValues[0]?.[IDS.name]).toBe("Akku");
    // The value of a choice field stays its code.
    expect(general(de).dataValues[0]?.[CHEMISTRY]).toBe("LFP");
    expectNoRawTranslations(de);

    const en = (await read("?lang=en", { "accept-language": "de" })).body;
    expect(general(en).name).toBe("General");
    expect(fieldOf(en, IDS.name)?.name).toBe("Product name");
    expect(fieldOf(en, CHEMISTRY)?.choiceLabels).toEqual(["LFP", "NMC"]);
    expect(general(en).dataValues[0]?.[IDS.name]).toBe("Battery");
    expectNoRawTranslations(en);
    // A member's answer is cut the same way.
    expectNoRawTranslations((await read("?lang=de", {}, world.token)).body);
  });

  it("shows the page's labels, choice labels and values in the negotiated language", async () => {
    const text = await (await openPage("", { "accept-language": "de" })).text();
    expect(text).toContain('<div class="passport-content" lang="de">');
    expect(text).toContain(">Allgemeines</h2>");
    expect(text).toContain('<span class="label">Produktname</span>');
    expect(text).toContain("Akku");
    expect(text).toContain("Lithium-Eisenphosphat");
    const en = await (await openPage("?lang=en")).text();
    expect(en).toContain('<span class="label">Product name</span>');
    expect(en).not.toContain("Produktname");
  });
});

describe("a published version in every language", () => {
  let first: TPublishedVersion;

  beforeAll(async () => {
    first = await publish();
    // After publication the working copy moves on: readers must still see the published version.
    await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: [value(IDS.name, "Akku neu", "de")] });
  });

  it("answers an anonymous reader the version in the negotiated language: German values and labels, English likewise", async () => {
    const de = await read("", { "accept-language": "de" });
    // The hash of the public credential it was cut from, which names the version's full-content hash as its chainHash.
    const signed = await getPublic<TVersionDocument>(`/p/${uuid}/versions/${first.version}`);
    expect(de.body.publication).toMatchObject({ state: "published", version: first.version, hash: signed.hash });
    expect(signed.credential).toMatchObject({ credentialSubject: { chainHash: first.hash } });
    expect(de.body.language).toBe("de");
    expect(de.body.languages).toEqual(["en", "de"]);
    expect(general(de.body).dataValues[0]?.[IDS.name]).toBe("Akku");
    expect(fieldOf(de.body, IDS.name)?.name).toBe("Produktname");
    expectNoRawTranslations(de.body);
    const en = await read("?lang=en");
    expect(general(en.body).dataValues[0]?.[IDS.name]).toBe("Battery");
    expect(fieldOf(en.body, IDS.name)?.name).toBe("Product name");
    // ETag per language, Vary, and a 304 per language.
    expect(de.headers.get("vary")).toContain("Accept-Language");
    const deTag = de.headers.get("etag") ?? "";
    expect(deTag).toMatch(/-published1-de"$/);
    expect(en.headers.get("etag")).not.toBe(deTag);
    expect((await api("GET", `/api/product-passports/${uuid}?lang=de`, { headers: { "if-none-match": deTag } })).status).toBe(304);
    // The member reads the working copy in German.
    expect(general((await read("?lang=de", {}, world.token)).body).dataValues[0]?.[IDS.name]).toBe("Akku neu");
  });

  it("signs a document holding every language, whose chain verifies; the reader's answer is a cut of it", async () => {
    const list = await getPublic<TVersionList>(`/p/${uuid}/versions`);
    const jwks = await getPublic<JSONWebKeySet>("/.well-known/jwks.json");
    const versions = [];
    for (const { version } of list.versions) {
      const document = await getPublic<TVersionDocument>(`/p/${uuid}/versions/${version}`);
      versions.push({ ...document, jws: await getPublic<string>(`/p/${uuid}/versions/${version}.jwt`) });
    }
    expect(await verifyVersionChain(versions, jwks)).toEqual([]);
    const signed = (versions[0]?.credential as { credentialSubject: { passport: TPassport } }).credentialSubject.passport;
    expect(signed).toMatchObject({ language: "en", languages: ["en", "de"] });
    expect(general(signed).translations).toEqual({ de: { name: "Allgemeines", description: "Angaben zum Produkt" } });
    expect(general(signed).dataValueLanguages?.[0]?.[IDS.name]).toEqual({ en: "Battery", de: "Akku" });
    expect(fieldOf(signed, IDS.name)?.translations?.de?.name).toBe("Produktname");
    // The AAS value-only form signed with it carries both languages too.
    const aas = (versions[0]?.credential as { credentialSubject: { aasValueOnly: Record<string, Record<string, unknown>> } })
      .credentialSubject.aasValueOnly;
    const productName = Object.values(aas).find((submodel) => "ProductName" in submodel)?.ProductName;
    expect(productName).toEqual(expect.arrayContaining([{ en: "Battery" }, { de: "Akku" }]));
  });

  it("rebuilds the version's AAS with every language (the DPP API's full form)", async () => {
    const full = await getPublic<unknown>(`/api/v1/dpps/${uuid}?representation=full`);
    const text = JSON.stringify(full);
    expect(text).toContain('{"language":"en","text":"Battery"}');
    expect(text).toContain('{"language":"de","text":"Akku"}');
  });

  it("shows the version's page in German, and an earlier version's page too", async () => {
    const text = await (await openPage("", { "accept-language": "de" })).text();
    expect(text).toContain('<div class="passport-content" lang="de">');
    expect(text).toContain('<span class="label">Produktname</span>');
    expect(text).toContain("Akku");
    expect(text).not.toContain("Akku neu");
    await publish();
    const earlier = await openPage("?version=1", { "accept-language": "de" });
    expect(earlier.headers.get("vary")).toContain("Accept-Language");
    expect(earlier.headers.get("content-language")).toBe("de");
    const earlierText = await earlier.text();
    expect(earlierText).toContain('<div class="passport-content" lang="de">');
    expect(earlierText).toContain('href="?version=1&amp;lang=en"');
    expect(earlierText).toContain("Produktname");
    expect(earlierText).not.toContain("Akku neu");
  });

  it("stays readable in every language it was published in after the organization drops one", async () => {
    await setLanguages(["en"]);
    const de = (await read("?lang=de")).body;
    expect(de.language).toBe("de");
    expect(general(de).dataValues[0]?.[IDS.name]).toBe("Akku neu");
    // The working copy follows the organization: German is no longer answered to a member.
    expect((await read("?lang=de", {}, world.token)).body.language).toBe("en");
    await setLanguages(["en", "de"]);
  });
});
