import { beforeAll, expect, inject, it } from "vitest";
import * as resolveSerial from "~/app/01/[gtin]/21/[serial]/route";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import { OPERATOR } from "~/domain/actor";
import { gtinCheckDigit } from "~/domain/gs1/gs1-key";
import { addGs1Prefix } from "~/server/services/gs1-prefixes/add-gs1-prefix";
import { getDb } from "~/server/db/client";
import { modelPath, postModel } from "./support/actors";
import { api } from "./support/http";
import { runCli } from "./support/processes";
import { createWorld, type World } from "./support/world";

/**
 * Identifier values stored before GS1 keys were normalised (docs/gs1.md): `cli identifiers:normalise` rewrites them
 * to their stored form, so the resolver finds them; malformed keys and values whose form is taken are left and
 * reported; a second run changes nothing.
 */

let world: World;
let model: TModel;
/** A GS1 company prefix of this run, verified for the world's organization so that the resolver follows its keys. */
const PREFIX = `6${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

beforeAll(async () => {
  world = await createWorld("normalise");
  await addGs1Prefix({ actor: OPERATOR, organizationId: world.organization.id, prefix: PREFIX });
  model = await postModel(world);
});

function freshGtin(): string {
  const body = `0${PREFIX}${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}`;
  return `${body}${gtinCheckDigit(body)}`;
}

/** An item whose identifier is then set to a value as stored before normalisation, behind the API's back. */
async function legacyItem(value: string): Promise<string> {
  const item = await api<TItem>("POST", `${modelPath(world, model.id)}/items`, { token: world.token });
  const uuid = item.body.uniqueProductIdentifiers[0]?.uuid as string;
  await getDb().uniqueProductIdentifier.update({ where: { uuid }, data: { value } });
  return uuid;
}

const valueOf = async (uuid: string) => (await getDb().uniqueProductIdentifier.findUniqueOrThrow({ where: { uuid } })).value;

it("rewrites legacy GS1 forms, leaves malformed and colliding ones with the reason, and is idempotent", async () => {
  const gtin = freshGtin();
  const elementString = await legacyItem(`(01)${gtin.slice(1)}(21)OLD-1`);
  const uri = await legacyItem(`https://id.example.com/01/${gtin}/10/L%2F1`);
  const canonical = await legacyItem(`/01/${gtin}/21/TAKEN`);
  const collision = await legacyItem(`(01)${gtin}(21)TAKEN`);
  const wrong = `(01)${gtin.slice(0, -1)}${(Number(gtin.slice(-1)) + 1) % 10}(21)X`;
  const malformed = await legacyItem(wrong);
  const plain = await legacyItem("SN-(01)-legacy");
  const resolve = () => resolveSerial.GET?.(new Request(`http://localhost:3000/01/${gtin}/21/OLD-1`), { params: Promise.resolve({}) });
  expect((await resolve())?.status).toBe(404);

  const target = { databaseUrl: inject("databaseUrl") };
  const run = await runCli(["identifiers:normalise"], target);
  expect(run.code, run.stderr).toBe(0);
  const report = JSON.parse(run.stdout) as {
    normalised: number;
    invalid: { uuid: string; message: string }[];
    collisions: { uuid: string; normalised: string }[];
  };
  expect(report.normalised).toBeGreaterThanOrEqual(2);
  expect(report.invalid).toContainEqual(expect.objectContaining({ uuid: malformed, message: expect.stringContaining("check digit") }));
  expect(report.collisions).toContainEqual(expect.objectContaining({ uuid: collision, normalised: `/01/${gtin}/21/TAKEN` }));

  expect(await valueOf(elementString)).toBe(`/01/${gtin}/21/OLD-1`);
  expect(await valueOf(uri)).toBe(`/01/${gtin}/10/L%2F1`);
  expect(await valueOf(canonical)).toBe(`/01/${gtin}/21/TAKEN`);
  expect(await valueOf(collision)).toBe(`(01)${gtin}(21)TAKEN`);
  expect(await valueOf(malformed)).toBe(wrong);
  expect(await valueOf(plain)).toBe("SN-(01)-legacy");
  const resolved = await resolve();
  expect(resolved?.status).toBe(307);
  expect(resolved?.headers.get("location")).toBe(`/p/${elementString}`);

  const again = await runCli(["identifiers:normalise"], target);
  expect(again.code, again.stderr).toBe(0);
  expect((JSON.parse(again.stdout) as { normalised: number }).normalised).toBe(0);
});
