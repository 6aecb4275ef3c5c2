import { beforeAll, describe, expect, it } from "vitest";
import * as trpcRoute from "~/app/api/trpc/[trpc]/route";
import { modelsPath } from "./support/actors";
import { expectError } from "./support/contract";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * The batch cap counts the calls tRPC will run. Its fetch adapter percent-decodes the path before splitting it at
 * commas, so a batch written with `%2C` (or `%2c`) is as many calls as with plain commas (issue 19 #3: one request
 * ran 800 calls).
 */

let world: World;

beforeAll(async () => {
  world = await createWorld("batch-cap");
});

function trpc(path: string, body: string) {
  return trpcRoute.POST(
    new Request(`http://localhost:3000/api/trpc/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", api_token: world.token },
      body,
    }),
  );
}

function batchOf(calls: number, name: string) {
  const input = { organizationId: world.organization.id, model: { name, templateId: world.template.id } };
  return JSON.stringify(Object.fromEntries(Array.from({ length: calls }, (_, i) => [String(i), input])));
}

async function modelsNamed(name: string) {
  const list = await api<{ name: string }[]>("GET", `${modelsPath(world)}?search=${encodeURIComponent(name)}`, {
    token: world.token,
  });
  return list.body;
}

const separators: Record<string, (i: number) => string> = {
  "%2C": () => "%2C",
  "%2c": () => "%2c",
  // A plain comma every 100th call: 8 calls to a count that splits only at plain commas.
  "mixed , %2C %2c": (i) => (i % 100 === 0 ? "," : i % 2 === 0 ? "%2C" : "%2c"),
};

describe("tRPC batch cap", () => {
  for (const [label, separator] of Object.entries(separators)) {
    it(`refuses 800 calls joined by ${label} with 400 before any runs`, async () => {
      const name = `Encoded batch ${crypto.randomUUID()}`;
      const calls = 800;
      const path = Array.from({ length: calls }, (_, i) => (i === 0 ? "" : separator(i)) + "models.create").join("");
      const response = await trpc(`${path}?batch=1`, batchOf(calls, name));
      expect(response.status).toBe(400);
      expectError({ status: response.status, headers: response.headers, body: (await response.json()) as unknown }, 400);
      expect(await modelsNamed(name)).toEqual([]);
    });
  }

  it("refuses 11 calls joined by %2C, and runs 10", async () => {
    const name = `Encoded batch ${crypto.randomUUID()}`;
    const eleven = await trpc(`${Array(11).fill("models.create").join("%2C")}?batch=1`, batchOf(11, name));
    expect(eleven.status).toBe(400);
    expect(await modelsNamed(name)).toEqual([]);
    const ten = await trpc(`${Array(10).fill("models.create").join("%2C")}?batch=1`, batchOf(10, name));
    expect(ten.status).toBe(200);
    expect(await modelsNamed(name)).toHaveLength(10);
  });
});
