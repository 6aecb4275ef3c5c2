import { beforeAll, describe, expect, it } from "vitest";
import { verificationErrors } from "~/domain/aas/aas.fixture";
import { encodeAasIdentifier } from "~/domain/aas/read-api";
import { type AccessLevel, canReadAccess, fieldAccess } from "~/domain/field-options";
import { elementsByPath } from "~/domain/profiles/apply-profile";
import type { TSection } from "~/domain/template-schema";
import { getDb } from "~/server/db/client";
import {
  ANNEX_XIII_DEMO_ITEM_VALUES,
  ANNEX_XIII_DEMO_MODEL_VALUES,
  ANNEX_XIII_DEMO_SERIAL,
  seedAnnexXiiiDemoPassport,
} from "~/server/services/seed/internal/annex-xiii-demo-passport";
import { annexXiiiTemplate } from "~/server/services/seed/internal/idta-battery-passport";
import { importTemplate } from "~/server/services/templates/import-template";
import { modelPath } from "./support/actors";
import { grantToken } from "./support/grants";
import { api, dispatch } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * The demo's filled EV battery passport of "EU Battery Passport (Annex XIII)" (the seed's own values, model and one
 * battery), published, then read by three readers — anonymous, a legitimate-interest grant, an authority grant —
 * through every form a reader gets: the passport JSON, the page, the AAS read API (each submodel, verified by
 * aas-core3.0), the DPP API and the signed version. Each reader finds exactly the values of the Annex XIII points
 * Art. 77(2) gives them: every value at or below its level, none above (docs/battery.md).
 */

let world: World;
let sections: TSection[];
let modelId: string;
let itemId: string;
const uuids: Record<"model" | "item", string> = { model: "", item: "" };
const grants: Record<AccessLevel, string | undefined> = { public: undefined, "legitimate-interest": "", authority: "" };

beforeAll(async () => {
  world = await createWorld("annex-xiii");
  const { id: _fixedId, ...definition } = annexXiiiTemplate();
  const template = await importTemplate({ organizationId: world.organization.id, createdByUserId: world.user.id, definition });
  sections = definition.sections;
  const organizationId = world.organization.id;
  await seedAnnexXiiiDemoPassport({ actor: world.actor, organizationId, templateId: template.id, sections });
  const identifier = await getDb().uniqueProductIdentifier.findFirstOrThrow({
    where: { organizationId, value: ANNEX_XIII_DEMO_SERIAL },
    select: { uuid: true, item: { select: { id: true, modelId: true } } },
  });
  itemId = identifier.item?.id ?? "";
  modelId = identifier.item?.modelId ?? "";
  uuids.item = identifier.uuid;
  const model = await getDb().uniqueProductIdentifier.findFirstOrThrow({ where: { modelId }, select: { uuid: true } });
  uuids.model = model.uuid;
  for (const path of [modelPath(world, modelId), `${modelPath(world, modelId)}/items/${itemId}`]) {
    const published = await api("POST", `${path}/passport-versions`, { token: world.token });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
  }
  grants["legitimate-interest"] = await grantToken(world, modelId, "legitimate-interest");
  grants.authority = await grantToken(world, modelId, "authority");
}, 120_000);

/**
 * Each written value with the access level of its field, leaving out those that cannot be told apart from the rest
 * of an answer: too short, or part of the template's own text ("Original" is in "OriginalPowerCapability").
 */
function valuesByLevel(values: Record<string, string | string[]>): [string, AccessLevel][] {
  const byPath = elementsByPath(sections);
  return Object.entries(values).flatMap(([path, value]) => {
    const field = byPath.get(path)?.field;
    if (!field) throw new Error(`No field at ${path}`);
    return [value]
      .flat()
      .filter((v) => v.length >= 8 && !JSON.stringify(sections).includes(v))
      .map((v): [string, AccessLevel] => [v, fieldAccess(field)]);
  });
}

const query = (level: AccessLevel) => (grants[level] ? `?grant=${encodeURIComponent(grants[level] ?? "")}` : "");

async function text(path: string): Promise<string> {
  const response = await dispatch(new Request(new URL(path, "http://localhost:3000")));
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The payload of a compact JWS, as text. */
const jwsPayload = (jws: string) => Buffer.from(jws.split(".")[1] ?? "", "base64url").toString("utf8");

/** Every submodel of the passport's shell through the AAS read API, each verifying with no error. */
async function aasSubmodels(owner: "model" | "item", level: AccessLevel): Promise<string> {
  const shellId = `http://localhost:3000/aas/models/${modelId}${owner === "item" ? `/items/${itemId}` : ""}`;
  const roots = sections.filter((s) => s.parentId === null);
  const bodies = await Promise.all(
    roots.map(async (root) => {
      const submodelId = encodeAasIdentifier(`${shellId}/submodels/${root.id}`);
      const path = `/api/aas/shells/${encodeAasIdentifier(shellId)}/submodels/${submodelId}${query(level)}`;
      const response = await api<Record<string, unknown>>("GET", path);
      expect([200, 404], path).toContain(response.status);
      if (response.status === 200) expect(verificationErrors({ submodels: [response.body] }), path).toEqual([]);
      return response.status === 200 ? JSON.stringify(response.body) : "";
    }),
  );
  return bodies.join("\n");
}

const FORMATS = {
  "passport JSON": (uuid: string, level: AccessLevel) => text(`/api/product-passports/${uuid}${query(level)}`),
  page: (uuid: string, level: AccessLevel) => text(`/p/${uuid}${query(level)}`),
  "DPP API": (uuid: string, level: AccessLevel) => text(`/api/v1/dpps/${uuid}${query(level)}`),
  "signed version": async (uuid: string, level: AccessLevel) => jwsPayload(await text(`/p/${uuid}/versions/1.jwt${query(level)}`)),
} as const;

const READERS: [string, AccessLevel][] = [
  ["anonymous", "public"],
  ["a legitimate-interest grant", "legitimate-interest"],
  ["an authority grant", "authority"],
];

describe("the filled EV battery passport (Annex XIII), read three ways", () => {
  it("holds values of every access level, at model and at item level", () => {
    const levels = (values: Record<string, string | string[]>) => new Set(valuesByLevel(values).map(([, level]) => level));
    expect(levels(ANNEX_XIII_DEMO_MODEL_VALUES)).toEqual(new Set(["public", "legitimate-interest", "authority"]));
    expect(levels(ANNEX_XIII_DEMO_ITEM_VALUES)).toEqual(new Set(["public", "legitimate-interest"]));
    // Points 3, 2(a), 2(c), 4 and 1(a) by a value each, as docs/battery.md gives them.
    expect(valuesByLevel({ ...ANNEX_XIII_DEMO_MODEL_VALUES, ...ANNEX_XIII_DEMO_ITEM_VALUES })).toEqual(
      expect.arrayContaining([
        ["TR-BX400-UN38.3-2027-017", "authority"],
        ["Cathode active material", "legitimate-interest"],
        ["DISMANTLING-BX400-v3", "legitimate-interest"],
        ["ACCIDENT-REPORT-NONE-2027", "legitimate-interest"],
        [ANNEX_XIII_DEMO_SERIAL, "public"],
      ]),
    );
  });

  it("exports the model and the battery as AAS environments that verify with aas-core3.0, every value in them", async () => {
    for (const [path, values] of [
      [modelPath(world, modelId), ANNEX_XIII_DEMO_MODEL_VALUES],
      [`${modelPath(world, modelId)}/items/${itemId}`, ANNEX_XIII_DEMO_ITEM_VALUES],
    ] as const) {
      const exported = await api("GET", `${path}/aas`, { token: world.token });
      expect(exported.status).toBe(200);
      expect(verificationErrors(exported.body)).toEqual([]);
      for (const [value] of valuesByLevel(values)) expect(JSON.stringify(exported.body)).toContain(value);
    }
  });

  it.each(READERS)(
    "%s sees exactly its points in every form, model and battery",
    async (_, level) => {
      for (const [owner, values] of [
        ["model", ANNEX_XIII_DEMO_MODEL_VALUES],
        ["item", ANNEX_XIII_DEMO_ITEM_VALUES],
      ] as const) {
        const forms: [string, string][] = [["AAS read API", await aasSubmodels(owner, level)]];
        for (const [name, read] of Object.entries(FORMATS)) forms.push([name, await read(uuids[owner], level)]);
        for (const [form, answer] of forms) {
          for (const [value, fieldLevel] of valuesByLevel(values)) {
            const seen = answer.includes(JSON.stringify(value).slice(1, -1)) || answer.includes(value);
            expect([owner, form, value, seen]).toEqual([owner, form, value, canReadAccess(level, fieldLevel)]);
          }
        }
      }
    },
    120_000,
  );
});
