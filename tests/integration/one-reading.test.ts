import { beforeAll, describe, expect, it } from "vitest";
import { OPERATOR } from "~/domain/actor";
import { encodeAasIdentifier } from "~/domain/aas/read-api";
import { NESTED, nestedTemplate } from "~/domain/nested-template.fixture";
import { gtinCheckDigit } from "~/domain/gs1/gs1-key";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import { publicBaseUrl } from "~/server/config";
import { addGs1Prefix } from "~/server/services/gs1-prefixes/add-gs1-prefix";
import { importTemplate } from "~/server/services/templates/import-template";
import { modelPath, postModel } from "./support/actors";
import { dv } from "./support/contract";
import { fixtureTemplateMultilingual, IDS } from "./support/fixture-template";
import { grantToken } from "./support/grants";
import { api } from "./support/http";
import { createMultilingualWorld, type World } from "./support/world";

/**
 * One passport, one reading through every door (issue 33): the DPP API's content and the AAS read API's `$value` are
 * one encoding (src/domain/aas/value-only.ts) and say the same for each reader — empty fields, multilingual values,
 * a repeater's rows and restricted fields included; and the product identifier is one URI
 * (src/domain/product-identifier-uri.ts) in the DPP header, the EU registry record and the AAS shell, which the DPP
 * API's look-up by product id resolves, as it does the bare value.
 */

type Content = Record<string, unknown>;
type Dpp = Content & { contentSpecificationIds: string[]; uniqueProductIdentifier: string; digitalProductPassportId: string };

let world: World;
let templateId: string;

beforeAll(async () => {
  ({ world } = await createMultilingualWorld("one-reading"));
  // The multilingual fixture, with the weight for authorities only.
  const definition = fixtureTemplateMultilingual();
  const sections = definition.sections.map((section) => ({
    ...section,
    dataFields: section.dataFields.map((field) =>
      field.id === IDS.weight ? { ...field, options: { ...("options" in field ? field.options : {}), access: "authority" } } : field,
    ),
  }));
  templateId = (
    await importTemplate({
      organizationId: world.organization.id,
      createdByUserId: world.user.id,
      definition: { ...definition, sections },
    })
  ).id;
});

const b64 = encodeAasIdentifier;
const dppIdOf = (owner: { uniqueProductIdentifiers: { uuid: string }[] }) => owner.uniqueProductIdentifiers[0]?.uuid ?? "";

async function publish(path: string): Promise<void> {
  const published = await api("POST", `${path}/passport-versions`, { token: world.token });
  expect(published.status, JSON.stringify(published.body)).toBe(201);
}

/** Each content key's AAS `$value`, read as `reader` reads (its key or grant); the content keys are submodel ids here. */
async function aasValues(keys: readonly string[], reader: { token?: string; grant?: string }): Promise<Content> {
  const query = reader.grant === undefined ? "" : `?grant=${encodeURIComponent(reader.grant)}`;
  const values: Content = {};
  for (const key of keys) {
    const response = await api("GET", `/api/aas/submodels/${b64(key)}/$value${query}`, { token: reader.token });
    expect(response.status, `${key}: ${JSON.stringify(response.body)}`).toBe(200);
    values[key] = response.body;
  }
  return values;
}

function contentOf(dpp: Content, keys: readonly string[]): Content {
  return Object.fromEntries(keys.map((key) => [key, dpp[key]]));
}

describe("the DPP API's content and the AAS $value", () => {
  it("say the same for an anonymous reader, a grant holder and a member, empty fields included", async () => {
    const model = await postModel(world, { templateId, name: "One reading" });
    const path = modelPath(world, model.id);
    const modified = await api("PATCH", `${path}/data-values`, {
      token: world.token,
      body: [
        dv(IDS.general, IDS.name, 0, "Battery"),
        dv(IDS.general, IDS.weight, 0, "42.5"),
        dv(IDS.general, IDS.manual, 0, "https://example.com/manual.pdf"),
      ],
    });
    expect(modified.status, JSON.stringify(modified.body)).toBe(200);
    const added = await api("POST", `${path}/data-values`, {
      token: world.token,
      body: [
        { ...dv(IDS.general, IDS.name, 0, "Akku"), language: "de" },
        dv(IDS.substances, IDS.substance, 0, "Lead"),
        { ...dv(IDS.substances, IDS.substance, 0, "Blei"), language: "de" },
        dv(IDS.substances, IDS.share, 0, "0.1"),
        dv(IDS.evidence, IDS.certificate, 0, "https://example.com/c.pdf"),
        dv(IDS.substances, IDS.share, 1, "3"),
      ],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    await publish(path);

    const dppId = dppIdOf(model);
    const shellId = `${publicBaseUrl()}/aas/models/${model.id}`;
    const general = `${shellId}/submodels/${IDS.general}`;
    const substances = `${shellId}/submodels/${IDS.substances}`;

    // Anonymous: the published version at the public level.
    const anonymous = (await api<Dpp>("GET", `/api/v1/dpps/${dppId}`)).body;
    const keys = anonymous.contentSpecificationIds;
    expect([...keys].sort()).toEqual([general, substances].sort());
    const anonymousContent = contentOf(anonymous, keys);
    expect(await aasValues(keys, {})).toEqual(anonymousContent);
    // What the reading holds: every language, empty fields with their empty form, the rows in order, no restricted field.
    expect(anonymousContent[general]).toEqual({
      ProductName: [{ de: "Akku" }, { en: "Battery" }],
      SupplierPassport: null,
      Manual: { contentType: "application/pdf", value: "https://example.com/manual.pdf" },
      Details: { Notes: [] },
    });
    expect(anonymousContent[substances]).toEqual({
      HazardousSubstances: [
        {
          Substance: [{ de: "Blei" }, { en: "Lead" }],
          Share: 0.1,
          Evidence: { Certificate: { contentType: "application/pdf", value: "https://example.com/c.pdf" } },
        },
        { Substance: [], Share: 3, Evidence: { Certificate: { contentType: "application/octet-stream", value: null } } },
      ],
    });

    // A grant holder: the published version at the grant's level, which shows the weight.
    const grant = await grantToken(world, model.id, "authority");
    const granted = (await api<Dpp>("GET", `/api/v1/dpps/${dppId}?grant=${encodeURIComponent(grant)}`)).body;
    const grantedContent = contentOf(granted, granted.contentSpecificationIds);
    expect((grantedContent[general] as Content).Weight).toBe(42.5);
    expect(await aasValues(granted.contentSpecificationIds, { grant })).toEqual(grantedContent);

    // A member: the working copy (a merge patch that changes nothing answers it).
    const member = await api<Dpp>("PATCH", `/api/v1/dpps/${dppId}`, { token: world.token, body: {} });
    expect(member.status, JSON.stringify(member.body)).toBe(200);
    expect(await aasValues(keys, { token: world.token })).toEqual(contentOf(member.body, keys));

    // One element: the same value through both doors; an element without a value has none to answer.
    const element = await api("GET", `/api/aas/submodels/${b64(general)}/submodel-elements/ProductName/$value`);
    expect(element.body).toEqual((anonymousContent[general] as Content).ProductName);
    expect((await api("GET", `/api/aas/submodels/${b64(general)}/submodel-elements/SupplierPassport/$value`)).status).toBe(404);
  });
});

describe("the DPP API's content and the AAS $value of nested repeaters", () => {
  it("say the same, each list inside its parent row, and an element at depth is found by its list indices", async () => {
    const nestedTemplateId = (
      await importTemplate({ organizationId: world.organization.id, createdByUserId: world.user.id, definition: nestedTemplate() })
    ).id;
    const model = await postModel(world, { templateId: nestedTemplateId, name: "Nested reading" });
    const path = modelPath(world, model.id);
    const at = (dataSectionId: string, dataFieldId: string, rowPath: number[], value: string) => {
      const [row = 0, ...innerRows] = rowPath;
      return { dataSectionId, dataFieldId, row, ...(innerRows.length > 0 && { innerRows }), value };
    };
    const added = await api("POST", `${path}/data-values`, {
      token: world.token,
      body: [
        at(NESTED.footprints, NESTED.method, [0], "PEF"),
        at(NESTED.footprints, NESTED.method, [1], "ISO"),
        at(NESTED.stages, NESTED.stage, [0, 0], "Raw"),
        at(NESTED.stages, NESTED.stage, [0, 1], "Production"),
        at(NESTED.sources, NESTED.source, [0, 0, 0], "Grid"),
        at(NESTED.sources, NESTED.source, [0, 0, 1], "Coal"),
        at(NESTED.stages, NESTED.stage, [1, 0], "Recycling"),
      ],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const named = await api("PATCH", `${path}/data-values`, {
      token: world.token,
      body: [at(NESTED.general, NESTED.name, [0], "Pack")],
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    await publish(path);

    const anonymous = (await api<Dpp>("GET", `/api/v1/dpps/${dppIdOf(model)}`)).body;
    const keys = anonymous.contentSpecificationIds;
    const content = contentOf(anonymous, keys);
    expect(await aasValues(keys, {})).toEqual(content);
    const footprints = `${publicBaseUrl()}/aas/models/${model.id}/submodels/${NESTED.footprints}`;
    expect(content[footprints]).toEqual({
      CarbonFootprints: [
        {
          CalculationMethod: "PEF",
          Footprint: null,
          Validity: { ValidUntil: null },
          LifeCycleStages: [
            { Stage: "Raw", Share: null, Sources: [{ Source: "Grid" }, { Source: "Coal" }] },
            { Stage: "Production", Share: null, Sources: [] },
          ],
        },
        {
          CalculationMethod: "ISO",
          Footprint: null,
          Validity: { ValidUntil: null },
          LifeCycleStages: [{ Stage: "Recycling", Share: null, Sources: [] }],
        },
      ],
    });
    const element = `CarbonFootprints[0].LifeCycleStages[0].Sources[1].Source`;
    const coal = await api("GET", `/api/aas/submodels/${b64(footprints)}/submodel-elements/${element}/$value`);
    expect(coal.status, JSON.stringify(coal.body)).toBe(200);
    expect(coal.body).toBe("Coal");

    // A member's working copy, through a merge patch that changes nothing, reads the same too.
    const member = await api<Dpp>("PATCH", `/api/v1/dpps/${dppIdOf(model)}`, { token: world.token, body: {} });
    expect(member.status, JSON.stringify(member.body)).toBe(200);
    expect(await aasValues(keys, { token: world.token })).toEqual(contentOf(member.body, keys));

    // A merge patch writes the list inside a row as that row's rows: the AAS reads the new inner rows at their indices.
    const rows = structuredClone((content[footprints] as { CarbonFootprints: Content[] }).CarbonFootprints);
    (rows[1]!.LifeCycleStages as Content[])[0]!.Sources = [{ Source: "Wind" }, { Source: "Sun" }];
    const patched = await api<Dpp>("PATCH", `/api/v1/dpps/${dppIdOf(model)}`, {
      token: world.token,
      body: { [footprints]: { CarbonFootprints: rows } },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(contentOf(patched.body, [footprints])[footprints]).toEqual({ CarbonFootprints: rows });
    const sun = `CarbonFootprints[1].LifeCycleStages[0].Sources[1].Source`;
    const read = await api("GET", `/api/aas/submodels/${b64(footprints)}/submodel-elements/${sun}/$value`, { token: world.token });
    expect(read.body).toBe("Sun");
  });
});

describe("the product identifier", () => {
  let gtin: string;

  beforeAll(async () => {
    const prefix = `7${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    await addGs1Prefix({ actor: OPERATOR, organizationId: world.organization.id, prefix });
    const body = `0${prefix}${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}`;
    gtin = `${body}${gtinCheckDigit(body)}`;
    const org = await api("PATCH", `/api/organizations/${world.organization.id}`, {
      token: world.token,
      body: { economicOperatorId: "DE123456789012345", backupBaseUrl: "https://backup.example.org" },
    });
    expect(org.status, JSON.stringify(org.body)).toBe(200);
  });

  async function registeredModel(body: Record<string, unknown>): Promise<TModel> {
    const model = await postModel(world, { templateId, ...body });
    const patched = await api("PATCH", modelPath(world, model.id), {
      token: world.token,
      body: { commodityCode: "850760", facilityIds: ["urn:example:plant-7"] },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    return model;
  }

  async function createItem(modelId: string, value: string): Promise<TItem> {
    const created = await api<TItem>("POST", `${modelPath(world, modelId)}/items`, {
      token: world.token,
      body: { uniqueProductIdentifiers: [{ value }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  }

  /** The identifier as the DPP header, the registry record and the AAS shell (anonymous and member) name it. */
  async function identifiersOf(path: string, dppId: string, shellId: string): Promise<string[]> {
    await publish(path);
    const dpp = await api<Dpp>("GET", `/api/v1/dpps/${dppId}`);
    expect(dpp.status, JSON.stringify(dpp.body)).toBe(200);
    const record = await api<{ record: { upi: string } }>("GET", `${path}/registry-record`, { token: world.token });
    expect(record.status, JSON.stringify(record.body)).toBe(200);
    const shell = (token?: string) =>
      api<{ assetInformation: { globalAssetId: string } }>("GET", `/api/aas/shells/${b64(shellId)}`, { token });
    return [
      dpp.body.uniqueProductIdentifier,
      record.body.record.upi,
      (await shell()).body.assetInformation.globalAssetId,
      (await shell(world.token)).body.assetInformation.globalAssetId,
    ];
  }

  /** The DPP each product id names through the DPP API's look-ups (by one id, and by a list). */
  async function lookUp(productIds: readonly string[]): Promise<string[]> {
    const found = await Promise.all(
      productIds.map(async (id) => (await api<Dpp>("GET", `/api/v1/dppsByProductId/${encodeURIComponent(id)}`)).body),
    );
    const listed = await api<{ result: { dppIds: string[] }[] }>("POST", "/api/v1/dppsByProductIds", { body: { productIds } });
    expect(listed.status).toBe(200);
    return [...found.map((dpp) => dpp.digitalProductPassportId), ...listed.body.result.map((r) => r.dppIds[0] ?? "")];
  }

  it("is one URI in the DPP header, the registry record and the AAS shell, for a model and an item, GS1 key or not", async () => {
    const base = publicBaseUrl();
    const withGtin = await registeredModel({ gtin, name: "With GTIN" });
    const plain = await registeredModel({ name: "Plain" });
    const serial = `S-${crypto.randomUUID().slice(0, 8)}`;
    const gs1Item = await createItem(plain.id, `(01)${gtin}(21)${serial}`);
    const plainValue = `BAT-${crypto.randomUUID()}`;
    const plainItem = await createItem(plain.id, plainValue);
    const cases = [
      {
        path: modelPath(world, withGtin.id),
        dppId: dppIdOf(withGtin),
        shellId: `${base}/aas/models/${withGtin.id}`,
        uri: `${base}/01/${gtin}`,
        bare: `(01)${gtin}`,
      },
      {
        path: modelPath(world, plain.id),
        dppId: dppIdOf(plain),
        shellId: `${base}/aas/models/${plain.id}`,
        uri: `${base}/p/${dppIdOf(plain)}`,
        bare: plain.uniqueProductIdentifiers[0]?.value ?? "",
      },
      {
        path: `${modelPath(world, plain.id)}/items/${gs1Item.id}`,
        dppId: dppIdOf(gs1Item),
        shellId: `${base}/aas/models/${plain.id}/items/${gs1Item.id}`,
        uri: `${base}/01/${gtin}/21/${serial}`,
        bare: `(01)${gtin}(21)${serial}`,
      },
      {
        path: `${modelPath(world, plain.id)}/items/${plainItem.id}`,
        dppId: dppIdOf(plainItem),
        shellId: `${base}/aas/models/${plain.id}/items/${plainItem.id}`,
        uri: `${base}/p/${dppIdOf(plainItem)}`,
        bare: plainValue,
      },
    ];
    for (const { path, dppId, shellId, uri, bare } of cases) {
      expect(await identifiersOf(path, dppId, shellId), path).toEqual([uri, uri, uri, uri]);
      expect(await lookUp([uri, bare]), path).toEqual([dppId, dppId, dppId, dppId]);
    }
  });
});
