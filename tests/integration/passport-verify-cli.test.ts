import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { verifyPassportUrl } from "~/cli/verify-passport";
import type { TModel } from "~/domain/model-schema";
import { getDb } from "~/server/db/client";
import { dataValuesPath, modelPath, postModel } from "./support/actors";
import { dv } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { runCli } from "./support/processes";
import { startRouteServer } from "./support/route-server";
import { createWorld, type World } from "./support/world";

/**
 * `passport:verify` (docs/versions.md §Reading and verifying) against the real routes over HTTP: a passport whose
 * versions are intact verifies; one byte changed in a stored version or in a signature, or a version removed, makes
 * it fail with the reason — in process for every case, and as the operator runs it (exit code, stderr) for two.
 */

const PORT = 31_207 + Math.floor(Math.random() * 500);
let world: World;
let server: Awaited<ReturnType<typeof startRouteServer>>;

async function publishedTwice(name: string): Promise<TModel> {
  const model = await postModel(world, { name });
  for (const value of ["First", "Second"]) {
    const written = await api("PATCH", dataValuesPath(world, model.id), {
      token: world.token,
      body: [dv(IDS.general, IDS.name, 0, value)],
    });
    expect(written.status).toBe(200);
    expect((await api("POST", `${modelPath(world, model.id)}/passport-versions`, { token: world.token })).status).toBe(201);
  }
  return model;
}

const urlOf = (model: TModel) => `${server.origin}/p/${model.uniqueProductIdentifiers[0]?.uuid}`;

async function failureOf(model: TModel): Promise<string> {
  try {
    await verifyPassportUrl({ url: urlOf(model) });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("verification passed");
}

beforeAll(async () => {
  world = await createWorld("verify-cli");
  server = await startRouteServer(PORT);
});

afterAll(async () => {
  await server.close();
});

describe("passport:verify", () => {
  it("verifies intact versions, and fails with the reason on a changed byte, a changed signature or a removed version", async () => {
    const [intact, changed, forged, removed] = await Promise.all(
      ["Intact", "Changed", "Forged", "Removed"].map((name) => publishedTwice(name)),
    );
    const report = await verifyPassportUrl({ url: urlOf(intact as TModel) });
    expect(report.versions.map((v) => v.version)).toEqual([1, 2]);

    const db = getDb();
    // One byte of the stored public credential: "Changed" → "Chenged".
    await db.$executeRaw`UPDATE "passport_version" SET "documents" = jsonb_set("documents", '{public,credentialSubject,passport,name}', '"Chenged"')
      WHERE "ownerId" = ${changed?.id}::uuid AND "n" = 1`;
    // The JWS is stored detached and answered with the stored document as its payload, so the signature fails first.
    expect(await failureOf(changed as TModel)).toMatch(
      /version 1: (the signature does not verify|the credential answered as JSON differs)/,
    );

    // One character in the middle of the signature of version 2.
    const [row] = await db.$queryRaw<{ jws: { public: string } }[]>`
      SELECT "jws" FROM "passport_version" WHERE "ownerId" = ${forged?.id}::uuid AND "n" = 2`;
    const jws = row?.jws.public ?? "";
    const at = jws.lastIndexOf(".") + 20;
    const tampered = `${jws.slice(0, at)}${jws[at] === "A" ? "B" : "A"}${jws.slice(at + 1)}`;
    await db.$executeRaw`UPDATE "passport_version" SET "jws" = jsonb_set("jws", '{public}', to_jsonb(${tampered}::text))
      WHERE "ownerId" = ${forged?.id}::uuid AND "n" = 2`;
    expect(await failureOf(forged as TModel)).toMatch(/version 2: the signature does not verify/);

    await db.$executeRaw`DELETE FROM "passport_version" WHERE "ownerId" = ${removed?.id}::uuid AND "n" = 1`;
    expect(await failureOf(removed as TModel)).toMatch(/chain is broken: version 1 is missing/);

    // As the operator runs it: JSON and exit 0 when intact; exit 1 and the reason on stderr when not.
    const target = { databaseUrl: inject("databaseUrl") };
    const [ok, bad] = await Promise.all([
      runCli(["passport:verify", "--url", urlOf(intact as TModel)], target),
      runCli(["passport:verify", "--url", urlOf(forged as TModel)], target),
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ accessLevel: "public", versions: [{ version: 1 }, { version: 2 }] });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^Error: Verification failed: version 2: the signature does not verify/);
  });
});
