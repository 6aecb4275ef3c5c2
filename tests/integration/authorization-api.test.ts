import { beforeAll, describe, expect, it } from "vitest";
import type { TModel, TModelSummary } from "~/domain/model-schema";
import { OPERATOR } from "~/domain/actor";
import { encodeAasIdentifier } from "~/domain/aas/read-api";
import { addMember } from "~/server/services/identity/add-member";
import { createApiKey } from "~/server/services/identity/create-api-key";
import { revokeApiKey } from "~/server/services/identity/revoke-api-key";
import type { TTemplateDraft } from "~/domain/template-draft-schema";
import { createTemplateDraft } from "~/server/services/template-drafts/create-template-draft";
import { getTemplateDraft } from "~/server/services/template-drafts/get-template-draft";
import { createOutsider, dataValuesPath, getModelOf, modelPath, modelsPath, postModel } from "./support/actors";
import { dv, expectError, expectModel } from "./support/contract";
import type { TAccessGrant, TAccessGrantCreated, TPassport } from "~/domain/passport-schema";
import { importTemplate } from "~/server/services/templates/import-template";
import { fixtureTemplate, IDS } from "./support/fixture-template";
import { api, apiPage, type CallOptions } from "./support/http";
import { createWorld, type World } from "./support/world";

let alpha: World;
let beta: World;
let alphaModel: TModel;
let alphaDraft: TTemplateDraft;
let alphaGrants: TAccessGrant[];

beforeAll(async () => {
  alpha = await createWorld("alpha");
  beta = await createWorld("beta");
  alphaModel = await postModel(alpha, { name: "Alpha's model" });
  alphaModel = expectModel(
    await api("POST", dataValuesPath(alpha, alphaModel.id), {
      token: alpha.token,
      body: [dv(IDS.substances, IDS.substance, 0, "Lead")],
    }),
    201,
  );
  alphaDraft = await createTemplateDraft({
    actor: alpha.actor,
    organizationId: alpha.organization.id,
    input: { templateId: alpha.template.id, version: "2.0.0" },
  });
  const grant = await api<TAccessGrantCreated>("POST", `${modelPath(alpha, alphaModel.id)}/access-grants`, {
    token: alpha.token,
    body: { level: "authority", partyName: "Alpha's authority", expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
  });
  expect(grant.status).toBe(201);
  alphaGrants = (await api<TAccessGrant[]>("GET", `${modelPath(alpha, alphaModel.id)}/access-grants`, { token: alpha.token })).body;
});

type Call = [method: string, path: string, options: Omit<CallOptions, "token">];

/** Every endpoint of an organization, aimed at `orgId` and `modelId`. */
function organizationCalls(orgId: string, modelId: string, templateId: string): Call[] {
  const models = `/api/organizations/${orgId}/models`;
  const values = `${models}/${modelId}/data-values`;
  return [
    ["GET", `/api/organizations/${orgId}/templates`, {}],
    ["GET", `/api/organizations/${orgId}/templates/${templateId}`, {}],
    ["GET", models, {}],
    ["POST", models, { body: { name: "Intruder", templateId } }],
    ["GET", `${models}/${modelId}`, {}],
    ["GET", `${models}/${modelId}/history`, {}],
    ["PATCH", `${models}/${modelId}`, { body: { name: "Hijacked" } }],
    ["POST", values, { body: [dv(IDS.substances, IDS.substance, 9, "Injected")] }],
    ["PATCH", values, { body: [dv(IDS.substances, IDS.substance, 0, "Changed")] }],
    ["DELETE", `${values}?dataSectionId=${IDS.substances}&row=0`, {}],
    ["POST", `${models}/${modelId}/duplicate`, { body: { name: "Intruder" } }],
    ["POST", `${models}/${modelId}/duplicate`, {}],
    ["DELETE", `${models}/${modelId}`, {}],
    ["GET", `${models}/${modelId}/access-grants`, {}],
    [
      "POST",
      `${models}/${modelId}/access-grants`,
      { body: { level: "authority", partyName: "Intruder", expiresAt: "2099-01-01T00:00:00Z" } },
    ],
    ["DELETE", `${models}/${modelId}/access-grants/${alphaGrants[0]?.id}`, {}],
    ["GET", `${models}/${modelId}/access-grants/${alphaGrants[0]?.id}/reads`, {}],
    ["POST", `${models}/${modelId}/changes`, { body: { modify: [dv(IDS.substances, IDS.substance, 0, "Changed")] } }],
    ["GET", `${models}/${modelId}/aas`, {}],
    ["GET", `${models}/${modelId}/aas?format=aasx`, {}],
    ["PUT", `${models}/${modelId}/aas`, { body: { submodels: [] } }],
    ["PATCH", `/api/organizations/${orgId}`, { body: { economicOperatorId: "DE123456789012345" } }],
    ["PATCH", `/api/organizations/${orgId}`, { body: { passportRetentionYears: 10 } }],
    ["GET", `${models}/${modelId}/registry-record`, {}],
    ["GET", `${models}/${modelId}/items/registry-records`, {}],
    ["GET", `${models}/${modelId}/items/${crypto.randomUUID()}/registry-record`, {}],
    ["GET", `${models}/${modelId}/items/export`, {}],
    ["GET", `${models}/${modelId}/items/export?format=csv`, {}],
    ["POST", `${models}/${modelId}/items/import?dryRun=true`, { rawBody: "Identifier\nX-1", headers: { "content-type": "text/csv" } }],
    ["POST", `${models}/${modelId}/items/import`, { rawBody: "Identifier\nX-1", headers: { "content-type": "text/csv" } }],
    ["POST", `${models}/${modelId}/passport-versions`, {}],
    ["POST", `${models}/${modelId}/items/passport-versions`, {}],
    ["POST", `${models}/${modelId}/items/${crypto.randomUUID()}/passport-versions`, {}],
    ["GET", `/api/organizations/${orgId}/signing-keys`, {}],
    ["POST", `/api/organizations/${orgId}/signing-keys`, {}],
    ...draftCalls(orgId, modelId, templateId),
  ];
}

/** The organization's model list export: a member's answer is a file, so only the refusals are checked here. */
function listExportCalls(orgId: string): Call[] {
  return [
    ["GET", `/api/organizations/${orgId}/models/export`, {}],
    ["GET", `/api/organizations/${orgId}/models/export?format=csv`, {}],
  ];
}

/** The template builder's endpoints, aimed at alpha's draft (a copy of the fixture template) under `orgId`. */
function draftCalls(orgId: string, modelId: string, templateId: string): Call[] {
  const drafts = `/api/organizations/${orgId}/template-drafts`;
  const draft = `${drafts}/${alphaDraft.id}`;
  const section = `${draft}/sections/${IDS.general}`;
  const field = `${section}/data-fields/${IDS.name}`;
  const upgrade = `/api/organizations/${orgId}/models/${modelId}/upgrade`;
  const down = { type: "Position", direction: "down" };
  return [
    ["GET", drafts, {}],
    ["POST", drafts, { body: { templateId } }],
    ["GET", draft, {}],
    ["PATCH", draft, { body: { name: "Hijacked" } }],
    ["POST", `${draft}/sections`, { body: { name: "Injected", type: "Group" } }],
    ["PATCH", section, { body: { name: "Hijacked" } }],
    ["DELETE", section, {}],
    ["POST", `${section}/move`, { body: down }],
    ["POST", `${section}/data-fields`, { body: { name: "Injected", type: "TextField", granularityLevel: "Model" } }],
    ["PATCH", field, { body: { name: "Hijacked" } }],
    ["DELETE", field, {}],
    ["POST", `${field}/move`, { body: down }],
    ["POST", `${draft}/publish`, { body: { visibility: "Public" } }],
    [
      "POST",
      `${draft}/aas-submodels`,
      { body: { submodels: [{ modelType: "Submodel", id: "urn:example:injected", idShort: "Injected", kind: "Template" }] } },
    ],
    ["GET", `/api/organizations/${orgId}/templates/${templateId}/versions`, {}],
    ["GET", `/api/organizations/${orgId}/models/${modelId}/template-status`, {}],
    ["GET", `${upgrade}?templateId=${templateId}`, {}],
    ["POST", upgrade, { body: { templateId } }],
  ];
}

async function expectAlphaUntouched(): Promise<void> {
  expect(await getModelOf(alpha, alphaModel.id)).toEqual(alphaModel);
  const draft = await getTemplateDraft({ actor: alpha.actor, organizationId: alpha.organization.id, draftId: alphaDraft.id });
  expect(draft).toEqual(alphaDraft);
  const list = await apiPage<TModelSummary>(modelsPath(alpha), { token: alpha.token });
  expect(list.body.items.map((m) => m.id)).toContain(alphaModel.id);
  expect(list.body.items.filter((m) => m.name === "Intruder" || m.name.endsWith("(copy)"))).toEqual([]);
  const grants = await api<TAccessGrant[]>("GET", `${modelPath(alpha, alphaModel.id)}/access-grants`, { token: alpha.token });
  expect(grants.body).toEqual(alphaGrants);
}

describe("authentication", () => {
  it("answers 401 on every endpoint without a key, with an unknown key and with a revoked key", async () => {
    const revoked = await createApiKey({ userId: alpha.user.id, organizationId: alpha.organization.id, name: "revoked" });
    await revokeApiKey({ actor: OPERATOR, id: revoked.id });
    const calls: Call[] = [
      ...organizationCalls(alpha.organization.id, alphaModel.id, alpha.template.id),
      ...listExportCalls(alpha.organization.id),
      ["GET", "/api/product-data-models", {}],
      ["GET", `/api/product-data-models/${crypto.randomUUID()}`, {}],
    ];
    for (const [method, path, options] of calls) {
      expectError(await api(method, path, options), 401);
      expectError(await api(method, path, { ...options, token: "ps_unknown_key" }), 401);
      expectError(await api(method, path, { ...options, token: revoked.token }), 401);
      expectError(await api(method, path, { ...options, headers: { authorization: `Bearer ${revoked.token}` } }), 401);
    }
    await expectAlphaUntouched();
  });

  it("an unknown api_token is 401 even when a valid Bearer key is also sent", async () => {
    const response = await api("GET", modelPath(alpha, alphaModel.id), {
      token: "ps_unknown_key",
      headers: { authorization: `Bearer ${alpha.token}` },
    });
    expectError(response, 401);
  });

  it("accepts Authorization: Bearer on writes", async () => {
    const model = await postModel(alpha);
    const response = await api("PATCH", modelPath(alpha, model.id), {
      headers: { authorization: `Bearer ${alpha.token}` },
      body: { name: "Via bearer" },
    });
    expect(expectModel(response, 200).name).toBe("Via bearer");
  });
});

describe("another organization", () => {
  it("a valid key of a non-member gets 403 on every endpoint of the organization, and nothing changes", async () => {
    const outsider = await createOutsider();
    for (const token of [beta.token, outsider.token]) {
      const calls = [
        ...organizationCalls(alpha.organization.id, alphaModel.id, alpha.template.id),
        ...listExportCalls(alpha.organization.id),
      ];
      for (const [method, path, options] of calls) {
        const response = await api(method, path, { ...options, token });
        const body = expectError(response, 403);
        expect(JSON.stringify(body), `${method} ${path}`).not.toContain("Alpha's model");
      }
    }
    await expectAlphaUntouched();
  });

  it("a non-member's malformed path or query is 403, never 400: membership is checked before any input is parsed", async () => {
    const models = `/api/organizations/${alpha.organization.id}/models`;
    const calls: Call[] = [
      ["GET", `${models}?limit=not-a-number&cursor=%00`, {}],
      ["GET", `${models}/${alphaModel.id}/history?limit=-5`, {}],
      ["DELETE", `${models}/${alphaModel.id}/data-values?dataSectionId=x&row=minus-one`, {}],
      ["GET", `${models}/not-a-uuid`, {}],
      ["PATCH", `${models}/not-a-uuid`, { body: { name: 42 } }],
    ];
    for (const [method, path, options] of calls) {
      const response = await api(method, path, { ...options, token: beta.token });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(JSON.stringify(response.body), `${method} ${path}`).not.toContain("$query");
    }
    // The member still hears what is wrong with the same input.
    expect((await api("GET", `${models}?limit=not-a-number`, { token: alpha.token })).status).toBe(400);
  });

  it("another organization's model asked for under the caller's own organization is 404, and nothing changes", async () => {
    for (const [method, path, options] of organizationCalls(beta.organization.id, alphaModel.id, alpha.template.id)) {
      const response = await api(method, path, { ...options, token: beta.token });
      if (method === "GET" && path.endsWith("/models")) {
        expect(response.status).toBe(200);
        expect((response.body as TModelSummary[]).some((m) => m.id === alphaModel.id)).toBe(false);
        continue;
      }
      if (method === "GET" && path.endsWith("/templates")) {
        expect(response.status).toBe(200);
        expect((response.body as { id: string }[]).some((t) => t.id === alpha.template.id)).toBe(false);
        continue;
      }
      // The caller's own organization's keys: listed (none yet), and rotating them needs a session (403 for a key).
      if (path.endsWith("/signing-keys")) {
        expect(response.status).toBe(method === "GET" ? 200 : 403);
        continue;
      }
      // The caller's own organization's registry settings: its members may set them.
      if (method === "PATCH" && path === `/api/organizations/${beta.organization.id}`) {
        expect(response.status).toBe(200);
        continue;
      }
      if (method === "GET" && path.endsWith("/template-drafts")) {
        expect(response.status).toBe(200);
        expect((response.body as { id: string }[]).some((d) => d.id === alphaDraft.id)).toBe(false);
        continue;
      }
      // Beta's own registry settings: no resource of alpha's in the path.
      if (method === "PATCH" && path === `/api/organizations/${beta.organization.id}`) {
        expect(response.status).toBe(200);
        continue;
      }
      const body = expectError(response, 404);
      expect(JSON.stringify(body), `${method} ${path}`).not.toContain("Alpha's model");
    }
    await expectAlphaUntouched();
  });

  it("a member of both organizations still gets 404 for alpha's model under beta's path, and 200 under alpha's", async () => {
    const both = await createWorld("both");
    await addMember({ actor: OPERATOR, organizationId: alpha.organization.id, userEmailOrId: both.user.id });
    await addMember({ actor: OPERATOR, organizationId: beta.organization.id, userEmailOrId: both.user.id });
    // A key acts on one organization: one key for each.
    const onBeta = await createApiKey({ userId: both.user.id, organizationId: beta.organization.id });
    const onAlpha = await createApiKey({ userId: both.user.id, organizationId: alpha.organization.id });
    expectError(await api("GET", `${modelsPath(beta)}/${alphaModel.id}`, { token: onBeta.token }), 404);
    expectError(
      await api("PATCH", `${modelsPath(beta)}/${alphaModel.id}/data-values`, {
        token: onBeta.token,
        body: [dv(IDS.substances, IDS.substance, 0, "Cross")],
      }),
      404,
    );
    expect(await getModelOf(alpha, alphaModel.id)).toEqual(alphaModel);
    const read = expectModel(await api("GET", modelPath(alpha, alphaModel.id), { token: onAlpha.token }), 200);
    expect(read).toEqual(alphaModel);
    // Any member may act on everything of the organization; the owner field keeps the creator.
    const changed = expectModel(
      await api("PATCH", modelPath(alpha, alphaModel.id), { token: onAlpha.token, body: { description: "By a member" } }),
      200,
    );
    expect(changed.owner).toBe(alpha.user.id);
    alphaModel = changed;
  });

  it("a user gains access as soon as they are added as a member", async () => {
    const newcomer = await createOutsider(alpha.organization.id);
    const path = modelPath(alpha, alphaModel.id);
    expectError(await api("GET", path, { token: newcomer.token }), 403);
    await addMember({ actor: OPERATOR, organizationId: alpha.organization.id, userEmailOrId: newcomer.user.id });
    expect((await api("GET", path, { token: newcomer.token })).status).toBe(200);
  });
});

describe("passports", () => {
  it("are readable without a key, and nothing of a restricted field reaches anyone but members and their grants", async () => {
    const definition = fixtureTemplate();
    const restricted = {
      ...definition,
      sections: definition.sections.map((section) => ({
        ...section,
        dataFields: section.dataFields.map((field) =>
          field.id === IDS.manual ? { ...field, options: { access: "authority" } } : field,
        ),
      })),
    };
    const template = await importTemplate({
      organizationId: alpha.organization.id,
      createdByUserId: alpha.user.id,
      definition: restricted,
    });
    const model = await postModel(alpha, { templateId: template.id });
    await api("PATCH", dataValuesPath(alpha, model.id), {
      token: alpha.token,
      body: [dv(IDS.general, IDS.manual, 0, "files/SECRET-MANUAL.pdf")],
    });
    const uuid = model.uniqueProductIdentifiers[0]?.uuid ?? "";
    const betaModel = await postModel(beta);
    const betaGrant = await api<TAccessGrantCreated>("POST", `${modelPath(beta, betaModel.id)}/access-grants`, {
      token: beta.token,
      body: { level: "authority", partyName: "Beta's authority", expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    const outsider = await createOutsider();
    const readers: [string, CallOptions, string][] = [
      ["anonymous", {}, ""],
      ["beta's key", { token: beta.token }, ""],
      ["an outsider's key", { token: outsider.token }, ""],
      ["beta's grant", {}, `?grant=${encodeURIComponent(betaGrant.body.token)}`],
      ["beta's key with beta's grant", { token: beta.token }, `?grant=${encodeURIComponent(betaGrant.body.token)}`],
    ];
    for (const [who, options, query] of readers) {
      const response = await api<TPassport>("GET", `/api/product-passports/${uuid}${query}`, options);
      expect(response.status, who).toBe(200);
      expect(response.body.readerLevel, who).toBe("public");
      expect(JSON.stringify(response.body), who).not.toContain("SECRET-MANUAL");
      expect(JSON.stringify(response.body), who).not.toContain(IDS.manual);
    }
    const member = await api<TPassport>("GET", `/api/product-passports/${uuid}`, { token: alpha.token });
    expect(JSON.stringify(member.body)).toContain("SECRET-MANUAL");

    // The AAS read API cuts the same way: the shell's submodel, one element, the serialization, and the listings.
    const shellId = `http://localhost:3000/aas/models/${model.id}`;
    const submodel = encodeAasIdentifier(`${shellId}/submodels/${IDS.general}`);
    const aasPaths = [
      `/api/aas/shells/${encodeAasIdentifier(shellId)}/submodels/${submodel}`,
      `/api/aas/submodels/${submodel}/submodel-elements`,
      `/api/aas/serialization?aasIds=${encodeAasIdentifier(shellId)}&submodelIds=${submodel}`,
      // A listing, narrowed to this passport's asset: an unfiltered one reads whatever the database holds (on the
      // PostgreSQL run, every other test's models too).
      `/api/aas/shells?assetIds=${encodeAasIdentifier(JSON.stringify({ name: "globalAssetId", value: `http://localhost:3000/p/${uuid}` }))}`,
    ];
    for (const [who, options, query] of readers) {
      for (const path of aasPaths) {
        const response = await api("GET", `${path}${query ? `${path.includes("?") ? "&" : "?"}${query.slice(1)}` : ""}`, options);
        expect(response.status, `${who}: ${path}`).toBe(200);
        expect(JSON.stringify(response.body), `${who}: ${path}`).not.toContain("SECRET-MANUAL");
      }
    }
    const listed = await api<{ result: { id: string }[] }>("GET", aasPaths[3] ?? "");
    expect(listed.body.result.map((shell) => shell.id)).toEqual([shellId]);
    for (const path of aasPaths.slice(0, 3)) {
      expect(JSON.stringify((await api("GET", path, { token: alpha.token })).body), path).toContain("SECRET-MANUAL");
    }
    expect((await api("GET", `/api/aas/shells/${encodeAasIdentifier(shellId)}`, { token: "not-a-key" })).status).toBe(401);
  });
});

describe("the DPP API's member writes (EN 18222)", () => {
  /** Every member write, aimed at alpha's model by its dppId. */
  function dppWriteCalls(organizationId: string): Call[] {
    const dpp = `/api/v1/dpps/${alphaModel.uniqueProductIdentifiers[0]?.uuid}`;
    const patch = { headers: { "content-type": "application/merge-patch+json" }, body: {} };
    return [
      ["POST", "/api/v1/dpps", { body: { organizationId, modelId: alphaModel.id } }],
      ["POST", "/api/v1/dpps", { body: { organizationId, model: { name: "Intruder", templateId: alpha.template.id } } }],
      ["PATCH", dpp, patch],
      ["DELETE", dpp, {}],
      ["PATCH", `${dpp}/elements/HazardousSubstances.HazardousSubstances`, { ...patch, body: [] }],
    ];
  }

  it("answers 401 without a key and 403 to a non-member of the DPP's organization, and nothing changes", async () => {
    for (const [method, path, options] of dppWriteCalls(alpha.organization.id)) {
      expectError(await api(method, path, options), 401);
      expectError(await api(method, path, { ...options, token: "ps_unknown_key" }), 401);
      for (const token of [beta.token, (await createOutsider()).token]) {
        expectError(await api(method, path, { ...options, token }), 403);
      }
    }
    await expectAlphaUntouched();
  });

  it("creating an item of another organization's model under the caller's own is 404", async () => {
    const response = await api("POST", "/api/v1/dpps", {
      token: beta.token,
      body: { organizationId: beta.organization.id, modelId: alphaModel.id },
    });
    expectError(response, 404);
    await expectAlphaUntouched();
  });

  it("a non-member reads an element of the published version only (none yet: 404), never the working copy", async () => {
    const path = `/api/v1/dpps/${alphaModel.uniqueProductIdentifiers[0]?.uuid}/elements/HazardousSubstances.HazardousSubstances`;
    for (const options of [{}, { token: beta.token }]) expectError(await api("GET", path, options), 404);
    const member = await api("GET", path, { token: alpha.token });
    expect(member.status).toBe(200);
    expect(JSON.stringify(member.body)).toContain("Lead");
  });
});
