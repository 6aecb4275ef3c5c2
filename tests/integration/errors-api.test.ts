import { beforeAll, describe, expect, it } from "vitest";
import type { TModel } from "~/domain/model-schema";
import { dataValuesPath, getModelOf, modelPath, modelsPath, postModel } from "./support/actors";
import { dv, expectError, expectIssues, expectModel } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

let world: World;
let model: TModel;

beforeAll(async () => {
  world = await createWorld("errors");
  model = await postModel(world, { name: "Untouched" });
});

/** Every error test leaves the model exactly as it was created. */
async function expectModelUntouched(): Promise<void> {
  expect(await getModelOf(world, model.id)).toEqual(model);
}

describe("request bodies", () => {
  it("answers 400 for malformed JSON on every write", async () => {
    for (const [method, path] of [
      ["POST", modelsPath(world)],
      ["PATCH", modelPath(world, model.id)],
      ["POST", dataValuesPath(world, model.id)],
      ["PATCH", dataValuesPath(world, model.id)],
    ] as const) {
      for (const rawBody of ['{"name": "x",', "[{]", "undefined", "{'name': 'x'}", "[1, 2,]"]) {
        const response = await api(method, path, {
          token: world.token,
          rawBody,
          headers: { "content-type": "application/json" },
        });
        expectError(response, 400);
      }
    }
    await expectModelUntouched();
  });

  it("answers 400 for an empty or blank JSON body", async () => {
    for (const rawBody of ["", "   \n"]) {
      const response = await api("POST", modelsPath(world), {
        token: world.token,
        rawBody,
        headers: { "content-type": "application/json" },
      });
      expectError(response, 400);
    }
  });

  it("answers 400 for JSON of the wrong shape", async () => {
    for (const body of [[], "Pack", null, 42, true]) {
      const response = await api("POST", modelsPath(world), {
        token: world.token,
        rawBody: JSON.stringify(body),
        headers: { "content-type": "application/json" },
      });
      expectError(response, 400);
    }
    const proto = await api("POST", modelsPath(world), {
      token: world.token,
      rawBody: `{"name": "x", "templateId": "${world.template.id}", "__proto__": {"isAdmin": true}}`,
      headers: { "content-type": "application/json" },
    });
    expectError(proto, 400);
  });

  it("answers 415 for a body that is not declared as JSON", async () => {
    const body = JSON.stringify({ name: "x", templateId: world.template.id });
    for (const contentType of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonp",
    ]) {
      const response = await api("POST", modelsPath(world), {
        token: world.token,
        rawBody: body,
        headers: { "content-type": contentType },
      });
      expectError(response, 415);
    }
    const untyped = await api("PATCH", dataValuesPath(world, model.id), {
      token: world.token,
      rawBody: JSON.stringify([dv(IDS.details, IDS.notes, 0, "x")]),
    });
    expectError(untyped, 415);
    await expectModelUntouched();
  });

  it("accepts application/json with a charset", async () => {
    const response = await api("POST", modelsPath(world), {
      token: world.token,
      rawBody: JSON.stringify({ name: "Charset", templateId: world.template.id }),
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expectModel(response, 201);
  });

  it("answers 413 when Content-Length announces more than the limit, before reading the body", async () => {
    const response = await api("POST", dataValuesPath(world, model.id), {
      token: world.token,
      rawBody: JSON.stringify([dv(IDS.substances, IDS.substance, 0, "x")]),
      headers: { "content-type": "application/json", "content-length": String(64 * 1024 * 1024) },
    });
    expectError(response, 413);
    await expectModelUntouched();
  });

  it("answers 400 for a value longer than 10,000 characters and accepts exactly 10,000", async () => {
    const tooLong = await api("PATCH", dataValuesPath(world, model.id), {
      token: world.token,
      body: [dv(IDS.details, IDS.notes, 0, "x".repeat(10_001))],
    });
    expectIssues(expectError(tooLong, 400), [{ path: "$[0].value", dataSectionId: IDS.details, dataFieldId: IDS.notes, row: 0 }]);
    await expectModelUntouched();
    const other = await postModel(world);
    const ok = await api("PATCH", dataValuesPath(world, other.id), {
      token: world.token,
      body: [dv(IDS.details, IDS.notes, 0, "x".repeat(10_000))],
    });
    expectModel(ok, 200);
  });

  it("answers 400 for a row beyond the documented maximum", async () => {
    const response = await api("POST", dataValuesPath(world, model.id), {
      token: world.token,
      body: [dv(IDS.substances, IDS.substance, 1_000_001, "x")],
    });
    // Schema-level issues of a data value still name its triple, as the contract asks of every data-value issue.
    expectIssues(expectError(response, 400), [
      { path: "$[0].row", dataSectionId: IDS.substances, dataFieldId: IDS.substance, row: 1_000_001 },
    ]);
    await expectModelUntouched();
  });
});

describe("routes and methods", () => {
  it("answers 404 with the error body for /api paths no route serves", async () => {
    for (const path of [
      "/api/nope",
      `/api/organizations/${world.organization.id}/widgets`,
      `${dataValuesPath(world, model.id)}/extra`,
      "/api/v2/product-data-models",
    ]) {
      for (const method of ["GET", "POST"]) {
        const response = await api(method, path, { token: world.token });
        const body = expectError(response, 404);
        expect(body.issues).toBeUndefined();
      }
    }
  });

  it("answers 405 with an Allow header for a method a known route does not serve", async () => {
    const cases: [string, string, string[]][] = [
      // HEAD is GET without a body wherever GET is served, so Allow names it too.
      ["PUT", modelsPath(world), ["GET", "HEAD", "POST"]],
      ["DELETE", modelsPath(world), ["GET", "HEAD", "POST"]],
      ["POST", modelPath(world, model.id), ["DELETE", "GET", "HEAD", "PATCH"]],
      ["PUT", modelPath(world, model.id), ["DELETE", "GET", "HEAD", "PATCH"]],
      ["GET", dataValuesPath(world, model.id), ["DELETE", "PATCH", "POST"]],
      ["PUT", dataValuesPath(world, model.id), ["DELETE", "PATCH", "POST"]],
      ["OPTIONS", dataValuesPath(world, model.id), ["DELETE", "PATCH", "POST"]],
      ["DELETE", `/api/organizations/${world.organization.id}/templates/${world.template.id}`, ["GET", "HEAD"]],
      ["POST", `/api/organizations/${world.organization.id}/templates`, ["GET", "HEAD"]],
      ["OPTIONS", `/api/organizations/${world.organization.id}/templates`, ["GET", "HEAD"]],
      ["POST", "/api/product-data-models", ["GET", "HEAD"]],
      ["PATCH", `/api/product-data-models/${crypto.randomUUID()}`, ["GET", "HEAD"]],
    ];
    for (const [method, path, allowed] of cases) {
      const body = method === "GET" ? undefined : { name: "x" };
      const response = await api(method, path, { token: world.token, body });
      expectError(response, 405);
      const allow = (response.headers.get("allow") ?? "")
        .split(",")
        .map((m) => m.trim())
        .sort();
      expect(allow, `${method} ${path}`).toEqual(allowed);
    }
    await expectModelUntouched();
  });

  it("answers 400 naming the parameter for non-UUID ids in every model path", async () => {
    const org = world.organization.id;
    for (const [method, path, param] of [
      ["GET", `/api/organizations/not-an-org/models`, "$path.orgaId"],
      ["POST", `/api/organizations/not-an-org/models`, "$path.orgaId"],
      ["GET", `/api/organizations/${org}/models/42`, "$path.modelId"],
      ["PATCH", `/api/organizations/${org}/models/42`, "$path.modelId"],
      ["POST", `/api/organizations/${org}/models/42/data-values`, "$path.modelId"],
      ["PATCH", `/api/organizations/${org}/models/42/data-values`, "$path.modelId"],
      ["DELETE", `/api/organizations/${org}/models/42/data-values?dataSectionId=${IDS.substances}&row=0`, "$path.modelId"],
    ] as const) {
      const response = await api(method, path, {
        token: world.token,
        body: method === "GET" || method === "DELETE" ? undefined : { name: "x" },
      });
      expectIssues(expectError(response, 400), [{ path: param }]);
    }
  });
});
