import { beforeAll, describe, expect, it } from "vitest";
import * as page from "~/app/p/[uuid]/route";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import { getDb } from "~/server/db/client";
import { generateGrantToken, hashGrantToken } from "~/server/services/access-grants/internal/grant-token";
import { importTemplate } from "~/server/services/templates/import-template";
import { dataValuesPath, modelPath, postModel } from "./support/actors";
import { dv } from "./support/contract";
import { fixtureTemplateWithAccess, IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

let world: World;
let model: TModel;
let item: TItem;

const MANUAL_URL = "https://example.com/files/manual-restricted.pdf";

/** The fixture template with the manual for legitimate interest and the state of health for authorities. */
const restrictedTemplate = () => fixtureTemplateWithAccess({ [IDS.manual]: "legitimate-interest", [IDS.health]: "authority" });

const uuidOf = (owner: { uniqueProductIdentifiers: { uuid: string }[] }) => owner.uniqueProductIdentifiers[0]?.uuid ?? "";

async function open(uuid: string, options: { grant?: string; headers?: HeadersInit } = {}): Promise<Response> {
  const url = `http://localhost:3000/p/${uuid}${options.grant ? `?grant=${options.grant}` : ""}`;
  const handler = page.GET;
  return handler(new Request(url, { headers: options.headers }), { params: Promise.resolve({ uuid }) });
}

/** A grant row as the grants service makes it; the page only reads grants. */
async function grant(level: "legitimate-interest" | "authority"): Promise<{ token: string; id: string }> {
  const token = generateGrantToken();
  const id = crypto.randomUUID();
  await getDb().accessGrant.create({
    data: {
      id,
      organizationId: world.organization.id,
      modelId: model.id,
      level,
      partyName: "Recycler Ltd",
      expiresAt: new Date(Date.now() + 86_400_000),
      tokenHash: hashGrantToken(token),
      createdBy: world.user.id,
    },
  });
  return { token, id };
}

beforeAll(async () => {
  world = await createWorld("passport-page");
  const template = await importTemplate({
    organizationId: world.organization.id,
    createdByUserId: world.user.id,
    definition: restrictedTemplate(),
  });
  model = await postModel(world, { templateId: template.id, name: "Cell pack <LFP>" });
  const values = [dv(IDS.general, IDS.name, 0, "Cell pack 48V"), dv(IDS.general, IDS.manual, 0, MANUAL_URL)];
  expect((await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: values })).status).toBe(200);
  const added = await api("POST", dataValuesPath(world, model.id), {
    token: world.token,
    body: [dv(IDS.substances, IDS.substance, 0, "Lead"), dv(IDS.substances, IDS.substance, 1, "Cadmium")],
  });
  expect(added.status).toBe(201);
  const created = await api<TItem>("POST", `${modelPath(world, model.id)}/items`, {
    token: world.token,
    body: { uniqueProductIdentifiers: [{ value: "(01)09506000134352(21)PAGE-1" }] },
  });
  item = created.body;
});

describe("the public passport page", () => {
  it("shows the public fields, repeater rows and identifiers, escapes text, and hides restricted fields with a note", async () => {
    const response = await open(uuidOf(item));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("set-cookie")).toBeNull();
    const text = await response.text();
    expect(text).toMatch(/^<!doctype html><html lang="en">/);
    expect(text).toContain("Cell pack &lt;LFP&gt;");
    expect(text).toContain("Cell pack 48V");
    expect(text).toContain("<table>");
    expect(text).toContain("Cadmium");
    expect(text).toContain("(01)09506000134352(21)PAGE-1");
    expect(text).toContain("Restricted information");
    expect(text).not.toContain(MANUAL_URL);
    expect(text).not.toContain("Manual");
    // Readable without script: no script is loaded, and the one inline script only rewrites times in the reader's zone.
    expect(text).not.toMatch(/<script[^>]*\bsrc=/u);
    expect(text).toMatch(/<time datetime="[^"]+" data-instant>[^<]+ UTC<\/time>/u);
  });

  it("answers 304 to a current copy, and a new ETag after a write", async () => {
    const first = await open(uuidOf(model));
    const etag = first.headers.get("etag") as string;
    expect(first.headers.get("cache-control")).toBe("public, max-age=5, s-maxage=5, stale-while-revalidate=5");
    const again = await open(uuidOf(model), { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const changed = await api("PATCH", dataValuesPath(world, model.id), {
      token: world.token,
      body: [dv(IDS.general, IDS.name, 0, "Cell pack 52V")],
    });
    expect(changed.status).toBe(200);
    const after = await open(uuidOf(model), { headers: { "if-none-match": etag } });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain("Cell pack 52V");
  });

  it("shows a grant's fields with its link, privately cached, and hides them again once revoked", async () => {
    const { token, id } = await grant("legitimate-interest");
    const granted = await open(uuidOf(item), { grant: token });
    expect(granted.headers.get("cache-control")).toBe("private, max-age=0, must-revalidate");
    const text = await granted.text();
    expect(text).toContain(MANUAL_URL);
    expect(text).toContain("legitimate interest");
    // The authority field stays hidden from a legitimate-interest grant.
    expect(text).toContain("Restricted information");
    await getDb().accessGrant.update({ where: { id }, data: { revokedAt: new Date() } });
    const revoked = await open(uuidOf(item), { grant: token });
    expect(revoked.status).toBe(200);
    expect(revoked.headers.get("cache-control")).toBe("private, max-age=0, must-revalidate");
    const revokedText = await revoked.text();
    expect(revokedText).not.toContain(MANUAL_URL);
    // Its holder is told why, and still sees the public passport.
    expect(revokedText).toContain("The access link you opened was revoked");
    expect(revokedText).toContain("Cell pack &lt;LFP&gt;");
  });

  it("says when a grant link has expired or opens nothing here; the plain page says nothing of links", async () => {
    const { token, id } = await grant("authority");
    await getDb().accessGrant.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await (await open(uuidOf(item), { grant: token })).text()).toContain("The access link you opened has expired.");
    expect(await (await open(uuidOf(item), { grant: "made-up" })).text()).toContain(
      "The access link you opened does not give access to this passport.",
    );
    const plain = await open(uuidOf(item));
    expect(plain.headers.get("cache-control")).toBe("public, max-age=5, s-maxage=5, stale-while-revalidate=5");
    expect(await plain.text()).not.toContain("access link you opened");
  });

  it("answers an HTML 404 page for unknown and malformed ids", async () => {
    for (const uuid of [crypto.randomUUID(), "not-a-uuid"]) {
      const response = await open(uuid, { headers: { accept: "text/html" } });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Passport not found");
    }
  });
});
