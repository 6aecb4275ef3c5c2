import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import type { TPassport } from "~/domain/passport-schema";
import { importTemplate } from "~/server/services/templates/import-template";
import { readPassport } from "~/server/services/passports/read-passport";
import { createOutsider, dataValuesPath, modelPath, postModel } from "./support/actors";
import { dv, expectError } from "./support/contract";
import { fixtureTemplate, fixtureTemplateWithAccess, IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

let world: World;
let other: World;
let templateId: string;

/** The fixture template with restricted fields: the manual for legitimate interest, the certificate and health for authority. */
const restrictedTemplate = () =>
  fixtureTemplateWithAccess({
    [IDS.manual]: "legitimate-interest",
    [IDS.certificate]: "authority",
    [IDS.health]: "authority",
  });

beforeAll(async () => {
  world = await createWorld("passports");
  other = await createWorld("passports-other");
  const template = await importTemplate({
    organizationId: world.organization.id,
    createdByUserId: world.user.id,
    definition: restrictedTemplate(),
  });
  templateId = template.id;
});

const passportPath = (uuid: string, grant?: string) => `/api/product-passports/${uuid}${grant ? `?grant=${grant}` : ""}`;

async function filledModel(): Promise<{ model: TModel; item: TItem }> {
  const model = await postModel(world, { templateId });
  const values = [dv(IDS.general, IDS.name, 0, "Cell pack"), dv(IDS.general, IDS.manual, 0, "https://example.com/manual.pdf")];
  expect((await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: values })).status).toBe(200);
  const added = await api("POST", dataValuesPath(world, model.id), {
    token: world.token,
    body: [dv(IDS.substances, IDS.substance, 0, "Lead"), dv(IDS.evidence, IDS.certificate, 0, "https://example.com/cert.pdf")],
  });
  expect(added.status).toBe(201);
  const item = await api<TItem>("POST", `${modelPath(world, model.id)}/items`, { token: world.token });
  expect(item.status).toBe(201);
  const itemValues = await api("PATCH", `${modelPath(world, model.id)}/items/${item.body.id}/data-values`, {
    token: world.token,
    body: [dv(IDS.general, IDS.serial, 0, "SN-1"), dv(IDS.item, IDS.health, 0, "97")],
  });
  expect(itemValues.status).toBe(200);
  return { model, item: item.body };
}

const uuidOf = (owner: { uniqueProductIdentifiers: { uuid: string }[] }) => owner.uniqueProductIdentifiers[0]?.uuid ?? "";

function section(passport: TPassport, id: string) {
  const found = passport.dataSections.find((s) => s.id === id);
  if (!found) throw new Error(`section ${id} missing`);
  return found;
}

function fieldIdsOf(passport: TPassport): string[] {
  return passport.dataSections.flatMap((s) => [...s.dataFields.map((f) => f.id), ...s.dataValues.flatMap((row) => Object.keys(row))]);
}

describe("GET /api/product-passports/{uuid}", () => {
  it("answers a model's passport to anyone, without restricted fields, in the template's section order", async () => {
    const { model } = await filledModel();
    const response = await api<TPassport>("GET", passportPath(uuidOf(model)));
    expect(response.status).toBe(200);
    const passport = response.body;
    expect(passport).toMatchObject({ id: uuidOf(model), name: model.name, modelId: model.id, templateId, readerLevel: "public" });
    expect(passport.itemId).toBeUndefined();
    expect(passport.dataSections.map((s) => s.id)).toEqual([
      IDS.general,
      IDS.details,
      IDS.substances,
      IDS.evidence,
      IDS.item,
      IDS.cells,
    ]);
    const general = section(passport, IDS.general);
    // The manual is restricted, the serial belongs to items: neither is in the model's public passport.
    expect(general.dataFields.map((f) => f.id)).toEqual([IDS.name, IDS.weight, IDS.link]);
    expect(general.dataValues).toEqual([{ [IDS.name]: "Cell pack", [IDS.weight]: null, [IDS.link]: null }]);
    expect(general.hiddenFieldCount).toBe(1);
    expect(section(passport, IDS.substances).dataValues).toEqual([{ [IDS.substance]: "Lead", [IDS.share]: null }]);
    expect(section(passport, IDS.evidence)).toMatchObject({ dataFields: [], dataValues: [], hiddenFieldCount: 1 });
    expect(passport.hiddenFieldCount).toBe(2);
    expect(JSON.stringify(passport)).not.toContain("manual.pdf");
    expect(response.headers.get("cache-control")).toBe("public, max-age=5, s-maxage=5, stale-while-revalidate=5");
    // A request presenting a grant, even an empty one, is one reader's: private, as the page's (readerPolicy) — also
    // after the anonymous answer above, whose headers are kept beside the very same passport view.
    const emptyGrant = await api<TPassport>("GET", `${passportPath(uuidOf(model))}?grant=`);
    expect(emptyGrant.body.readerLevel).toBe("public");
    expect(emptyGrant.headers.get("cache-control")).toBe("private, max-age=0, must-revalidate");
    expect(emptyGrant.headers.get("surrogate-key")).toBeNull();
  });

  it("merges an item's passport: the model's values with the item's own fields", async () => {
    const { model, item } = await filledModel();
    const passport = (await api<TPassport>("GET", passportPath(uuidOf(item)))).body;
    expect(passport).toMatchObject({ id: uuidOf(item), modelId: model.id, itemId: item.id, name: model.name });
    expect(passport.uniqueProductIdentifiers).toEqual(item.uniqueProductIdentifiers);
    expect(section(passport, IDS.general).dataValues).toEqual([
      { [IDS.name]: "Cell pack", [IDS.weight]: null, [IDS.link]: null, [IDS.serial]: "SN-1" },
    ]);
    // The item's health is for authorities only.
    expect(section(passport, IDS.item)).toMatchObject({ dataFields: [], dataValues: [], hiddenFieldCount: 1 });
  });

  it("shows a member of the owning organization every field, privately; another organization's key sees the public passport", async () => {
    const { item } = await filledModel();
    const member = await api<TPassport>("GET", passportPath(uuidOf(item)), { token: world.token });
    expect(member.body.readerLevel).toBe("member");
    expect(member.body.hiddenFieldCount).toBe(0);
    expect(section(member.body, IDS.general).dataValues[0]?.[IDS.manual]).toBe("https://example.com/manual.pdf");
    expect(section(member.body, IDS.item).dataValues).toEqual([{ [IDS.health]: "97" }]);
    expect(member.headers.get("cache-control")).toBe("private, max-age=0, must-revalidate");
    const stranger = await api<TPassport>("GET", passportPath(uuidOf(item)), { token: other.token });
    expect(stranger.body.readerLevel).toBe("public");
    expect(fieldIdsOf(stranger.body)).not.toContain(IDS.manual);
  });

  it("never lets a restricted field's key into an anonymous passport, whatever the levels", async () => {
    const levels = fc.constantFrom("public", "legitimate-interest", "authority", undefined);
    await fc.assert(
      fc.asyncProperty(fc.tuple(levels, levels, levels, levels), async ([name, manual, share, health]) => {
        const access: Record<string, string | undefined> = {
          [IDS.name]: name,
          [IDS.manual]: manual,
          [IDS.share]: share,
          [IDS.health]: health,
        };
        const template = await importTemplate({
          organizationId: world.organization.id,
          createdByUserId: world.user.id,
          definition: fixtureTemplateWithAccess(access),
        });
        const model = await postModel(world, { templateId: template.id });
        const item = await api<TItem>("POST", `${modelPath(world, model.id)}/items`, { token: world.token });
        for (const uuid of [uuidOf(model), uuidOf(item.body)]) {
          const passport = await readPassport({ uuid, actor: null });
          const restricted = Object.entries(access)
            .filter(([, level]) => level && level !== "public")
            .map(([id]) => id);
          const seen = JSON.stringify(passport);
          for (const id of restricted) expect(seen).not.toContain(id);
        }
      }),
      { numRuns: 12 },
    );
  });

  it("answers 304 to If-None-Match with the current ETag, and a write changes the ETag and shows on the next read", async () => {
    const { model, item } = await filledModel();
    const first = await api<TPassport>("GET", passportPath(uuidOf(item)));
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^".+-public-en"$/);
    const again = await api("GET", passportPath(uuidOf(item)), { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    const patched = await api("PATCH", dataValuesPath(world, model.id), {
      token: world.token,
      body: [dv(IDS.general, IDS.name, 0, "Renamed pack")],
    });
    expect(patched.status).toBe(200);
    const after = await api<TPassport>("GET", passportPath(uuidOf(item)), { headers: { "If-None-Match": etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(section(after.body, IDS.general).dataValues[0]?.[IDS.name]).toBe("Renamed pack");
    const itemPatch = await api("PATCH", `${modelPath(world, model.id)}/items/${item.id}/data-values`, {
      token: world.token,
      body: [dv(IDS.general, IDS.serial, 0, "SN-2")],
    });
    expect(itemPatch.status).toBe(200);
    expect(section((await api<TPassport>("GET", passportPath(uuidOf(item)))).body, IDS.general).dataValues[0]?.[IDS.serial]).toBe(
      "SN-2",
    );
  });

  it("is 404 revealing nothing for an unknown identifier and for a deleted item's retired one", async () => {
    const unknown = await api("GET", passportPath(crypto.randomUUID()));
    expect(expectError(unknown, 404).message).toBe("Passport not found.");
    const { model, item } = await filledModel();
    expect((await api("GET", passportPath(uuidOf(item)))).status).toBe(200);
    expect((await api("DELETE", `${modelPath(world, model.id)}/items/${item.id}`, { token: world.token })).status).toBe(204);
    expect(expectError(await api("GET", passportPath(uuidOf(item))), 404).message).toBe("Passport not found.");
    expectError(await api("GET", "/api/product-passports/not-a-uuid"), 400);
  });

  it("refuses an invalid key (401) rather than answering as anonymous", async () => {
    const { model } = await filledModel();
    expectError(await api("GET", passportPath(uuidOf(model)), { token: "pk_not-a-key" }), 401);
    const outsider = await createOutsider();
    expect((await api<TPassport>("GET", passportPath(uuidOf(model)), { token: outsider.token })).body.readerLevel).toBe("public");
  });

  it("refuses a template whose access levels are unknown, listing every one", async () => {
    const definition = fixtureTemplate();
    const bad = {
      ...definition,
      sections: definition.sections.map((section) => ({
        ...section,
        dataFields: section.dataFields.map((field) =>
          field.id === IDS.manual || field.id === IDS.health ? { ...field, options: { access: "secret" } } : field,
        ),
      })),
    };
    const refused = importTemplate({ organizationId: world.organization.id, createdByUserId: world.user.id, definition: bad });
    await expect(refused).rejects.toMatchObject({
      code: "VALIDATION",
      issues: [
        {
          path: expect.stringMatching(/dataFields\[3\]\.options\.access$/),
          message: expect.stringContaining('"legitimate-interest"'),
        },
        { path: expect.stringMatching(/dataFields\[0\]\.options\.access$/), message: expect.stringContaining('"authority"') },
      ],
    });
  });
});
