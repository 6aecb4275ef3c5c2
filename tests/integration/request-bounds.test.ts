import { beforeAll, describe, expect, it } from "vitest";
import * as dataValuesRoute from "~/app/api/organizations/[orgaId]/models/[modelId]/data-values/route";
import * as trpcRoute from "~/app/api/trpc/[trpc]/route";
import { Prisma } from "~/generated/prisma/client";
import { getConfig } from "~/server/config";
import { unexpectedErrorResponse } from "~/server/rest/error-response";
import { createCallerFactory, protectedProcedure, router } from "~/server/trpc/trpc";
import { createOutsider, dataValuesPath, getModelOf, modelPath, modelsPath, postModel } from "./support/actors";
import { dv, expectError } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { countingBody, largestInvalidBody, streamedRequest } from "./support/streamed-body";
import { createWorld, type World } from "./support/world";

/**
 * Every request does bounded work whatever its body: a path that names nothing of the caller's is refused before
 * the body is read, and an invalid body yields at most 100 issues (and their count). Many huge bodies at once:
 * request-flood.test.ts.
 */

let world: World;

beforeAll(async () => {
  world = await createWorld("bounds");
});

async function jsonOf(response: Response) {
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

describe("issue lists are capped", () => {
  it("lists 100 issues of 5,000 invalid values and says how many more there were", async () => {
    const model = await postModel(world);
    const response = await api("POST", dataValuesPath(world, model.id), { token: world.token, body: Array(5_000).fill(1) });
    const body = expectError(response, 400);
    expect(body.issues).toHaveLength(100);
    expect(body.issues?.[99]?.path).toBe("$[99]");
    expect(body.moreIssues).toBe(4_900);
    expect(body.message).toContain("…and 4,900 more issues");
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("caps unknown keys the same way", async () => {
    const body = Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`key${i}`, i]));
    const response = await api("PATCH", modelPath(world, (await postModel(world)).id), { token: world.token, body });
    const error = expectError(response, 400);
    expect(error.issues).toHaveLength(100);
    expect(error.moreIssues).toBe(900);
  });

  it("lists 100 of the issues the service finds in 1,000 values of the wrong section", async () => {
    const model = await postModel(world);
    const values = Array.from({ length: 1_000 }, (_, row) => dv(IDS.general, IDS.substance, row, "x"));
    const response = await api("POST", dataValuesPath(world, model.id), { token: world.token, body: values });
    const body = expectError(response, 400);
    expect(body.issues).toHaveLength(100);
    expect((body.issues?.length ?? 0) + (body.moreIssues ?? 0)).toBeGreaterThanOrEqual(1_000);
  });
});

describe("the path is checked before the body is read", () => {
  it("answers 404 for a made-up model without reading a huge invalid body", async () => {
    const bytes = largestInvalidBody();
    const { stream, read } = countingBody(bytes);
    const path = dataValuesPath(world, crypto.randomUUID());
    const started = performance.now();
    const response = await dataValuesRoute.POST(streamedRequest("POST", path, stream, bytes.length, world.token), {
      params: Promise.resolve({ orgaId: world.organization.id, modelId: path.split("/")[5] }),
    });
    expectError(await jsonOf(response), 404);
    expect(read()).toBe(0);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("answers 403 to a non-member without reading the body", async () => {
    const outsider = await createOutsider();
    const model = await postModel(world);
    const bytes = largestInvalidBody();
    const { stream, read } = countingBody(bytes);
    const response = await dataValuesRoute.PATCH(
      streamedRequest("PATCH", dataValuesPath(world, model.id), stream, bytes.length, outsider.token),
      { params: Promise.resolve({ orgaId: world.organization.id, modelId: model.id }) },
    );
    expectError(await jsonOf(response), 403);
    expect(read()).toBe(0);
  });
});

describe("text that cannot be stored", () => {
  it("answers 400 naming the field for NUL in a model's name, description or a value, and a lone surrogate in a name", async () => {
    const model = await postModel(world);
    const cases: [string, string, unknown, string][] = [
      ["POST", modelsPath(world), { name: "Pack\u0000", templateId: world.template.id }, "$.name"],
      ["POST", modelsPath(world), { name: "Pack \ud83d", templateId: world.template.id }, "$.name"],
      ["PATCH", modelPath(world, model.id), { description: "a\u0000b" }, "$.description"],
      ["PATCH", modelPath(world, model.id), { description: "\udc00 alone" }, "$.description"],
      ["PATCH", dataValuesPath(world, model.id), [dv(IDS.details, IDS.notes, 0, "x\u0000y")], "$[0].value"],
    ];
    for (const [method, path, body, field] of cases) {
      const error = expectError(await api(method, path, { token: world.token, body }), 400);
      expect(
        error.issues?.map((issue) => issue.path),
        `${method} ${path} ${JSON.stringify(body)}`,
      ).toEqual([field]);
    }
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("answers 400, not a database error, for NUL in a query parameter or a path id", async () => {
    const search = expectError(await api("GET", `${modelsPath(world)}?search=a%00b`, { token: world.token }), 400);
    expect(search.issues?.map((issue) => issue.path)).toEqual(["$query.search"]);
    expectError(await api("GET", `${modelsPath(world)}/%00`, { token: world.token }), 400);
  });
});

describe("methods", () => {
  it("answers OPTIONS and a HEAD that no GET serves with 405, the error body and Allow", async () => {
    const model = await postModel(world);
    for (const [method, path, allowed] of [
      ["OPTIONS", modelsPath(world), "GET, POST, HEAD"],
      ["OPTIONS", dataValuesPath(world, model.id), "POST, PATCH, DELETE"],
      ["HEAD", dataValuesPath(world, model.id), "POST, PATCH, DELETE"],
    ] as const) {
      const response = await api(method, path, { token: world.token });
      if (method !== "HEAD") expectError(response, 405);
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe(allowed);
    }
    expect((await api("HEAD", modelPath(world, model.id), { token: world.token })).status).toBe(200);
  });
});

describe("tRPC", () => {
  const trpc = (path: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers);
    headers.set("api_token", init.token ?? world.token);
    if (init.body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
    return trpcRoute.POST(new Request(`http://localhost:3000/api/trpc/${path}`, { method: "POST", ...init, headers }));
  };

  it("refuses a body over MAX_BODY_BYTES with 413 before reading it", async () => {
    const bytes = largestInvalidBody();
    const { stream, read } = countingBody(bytes);
    const request = new Request("http://localhost:3000/api/trpc/models.create", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "content-length": String(getConfig().MAX_BODY_BYTES + 1),
        api_token: world.token,
      },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expectError(await jsonOf(await trpcRoute.POST(request)), 413);
    expect(read()).toBe(0);
  });

  it("refuses a batch of more than 10 calls with 400 before any of them runs", async () => {
    const name = `Batch ${crypto.randomUUID()}`;
    const input = { organizationId: world.organization.id, model: { name, templateId: world.template.id } };
    const calls = 11;
    const body = JSON.stringify(Object.fromEntries(Array.from({ length: calls }, (_, i) => [String(i), input])));
    const path = `${Array(calls).fill("models.create").join(",")}?batch=1`;
    const response = await jsonOf(await trpc(path, { body }));
    expectError(response, 400);
    const list = await api<{ name: string }[]>("GET", `${modelsPath(world)}?search=${encodeURIComponent(name)}`, {
      token: world.token,
    });
    expect(list.body).toEqual([]);
    const ten = await trpc(`${Array(10).fill("models.create").join(",")}?batch=1`, {
      body: JSON.stringify(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [String(i), input]))),
    });
    expect(ten.status).toBe(200);
  });

  it("never answers with an internal exception's message", async () => {
    const deep = `${"[".repeat(200_000)}${"]".repeat(200_000)}`;
    for (const body of [
      `{"organizationId":"${world.organization.id}","model":${deep}}`,
      `{"organizationId":"${world.organization.id}","model":{"name":${deep}}}`,
      "{not json",
    ]) {
      const text = await (await trpc("models.create", { body })).text();
      expect(text).not.toMatch(/Maximum call stack|RangeError|SyntaxError|Unexpected token|at position/);
    }
  });

  it("answers 400 naming the field for NUL in an input and lists at most 100 issues", async () => {
    const nul = await trpc("models.create", {
      body: JSON.stringify({ organizationId: world.organization.id, model: { name: "a\u0000", templateId: world.template.id } }),
    });
    expect(nul.status).toBe(400);
    const nulBody = (await nul.json()) as { error: { data: { issues: { path: string }[] } } };
    expect(nulBody.error.data.issues.map((issue) => issue.path)).toEqual(["$.model.name"]);

    const model = await postModel(world);
    const many = await trpc("dataValues.add", {
      body: JSON.stringify({ organizationId: world.organization.id, modelId: model.id, values: Array(5_000).fill(1) }),
    });
    expect(many.status).toBe(400);
    const manyBody = (await many.json()) as { error: { message: string; data: { issues: unknown[]; moreIssues: number } } };
    expect(manyBody.error.data.issues).toHaveLength(100);
    expect(manyBody.error.data.moreIssues).toBe(4_900);
  });
});

describe("a database too busy to start the work", () => {
  const busy = () =>
    new Prisma.PrismaClientKnownRequestError("Transaction API error: Unable to start a transaction in the given time.", {
      code: "P2028",
      clientVersion: "7",
    });

  it("is a 503 with Retry-After in REST", async () => {
    const response = await jsonOf(unexpectedErrorResponse(busy()));
    expectError(response, 503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("is SERVICE_UNAVAILABLE in tRPC, not an internal error", async () => {
    const probe = router({ write: protectedProcedure.mutation(() => Promise.reject(busy())) });
    const caller = createCallerFactory(probe)({ headers: new Headers(), actor: world.actor });
    await expect(caller.write()).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
  });
});
