import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR } from "~/domain/actor";
import { isRoleAtLeast, type TMemberRole } from "~/domain/roles";
import { REST_API_ROUTES } from "~/server/openapi/rest-api-routes";
import { type Operation, OPERATION_NAMES, operationNeeds } from "~/server/services/access";
import { addMember } from "~/server/services/identity/add-member";
import { createApiKey } from "~/server/services/identity/create-api-key";
import { createUser } from "~/server/services/identity/create-user";
import { appRouter } from "~/server/trpc/_app";
import {
  APP_ORIGIN,
  type AppClient,
  createParty,
  discoverRestRoutes,
  type Party,
  productDataModelsOfNobody,
  send,
  startAppServer,
  trpcMutation,
} from "./support/api-actors";
import { dispatchAppRoute } from "./support/app-routes";

/**
 * The authorization matrix against the app's route handlers (support/api-actors.ts: every route file behind an HTTP
 * server in this process, as a script would call the app; the refused and read cells handed to the same route files
 * in process, `sendAs`): every REST route (found on disk) and every tRPC procedure (read from the app's router) ×
 * every credential case, each answered with the status docs/api.md gives and never with any of organization A's data:
 *
 * - no credentials, a malformed key, a revoked key (A's own) → 401;
 * - a valid key of a user who is not a member of A, on A's ids → 403;
 * - A's own key scoped to A's other organization, on A's ids → 403 (a key acts on its own organization only);
 * - that user with their own organization in the path but A's model/template ids → 404 (routes that name only the
 *   organization answer 200 with the caller's own data);
 * - that user's session cookie on A's ids → 403 or 404.
 *
 * Managing keys, members and organizations needs a signed-in session: every key case there is 403. The public routes
 * answer anyone (a passport refuses only an invalid key, 401), and a passport never shows any of these callers the
 * value of A's restricted field.
 *
 * Then organization A is checked to be exactly as before, and every route and procedure is called once as A's
 * member over HTTP (with A's key, or A's session for the session-only procedures), proving the requests of the matrix
 * were well-formed (a 403 from a malformed request proves nothing).
 *
 * It runs on both databases (issue 36). Cells (2026-11-29, before and after the cells were sent CELLS_AT_ONCE at a
 * time in process and the two worlds set up side by side — the same cells): REST 96 route-methods × 7 credential
 * cases = 672, 389 role cells sent of 498 (109 allowed writes not sent), 247 partner cells of 249 (2), then 96 as
 * A's member; tRPC 82 × 7 = 574, 342 of 432 (90), 214 of 216 (2), then 82.
 */

const CASES = [
  "no credentials",
  "malformed key",
  "revoked key",
  "non-member key",
  "own key scoped to another organization",
  "other organization's member with A's resource ids",
  "non-member session cookie",
] as const;
type CaseName = (typeof CASES)[number];
type Expected = number | readonly number[];

/**
 * The role dimension (docs/security.md, Roles and API key scopes): A's members of each role below owner, signed in,
 * and A's owner's keys of each scope below admin. A's owner with an admin key is the member pass.
 */
const ROLE_CASES = ["viewer session", "editor session", "admin session", "read key", "readings key", "write key"] as const;
type RoleCase = (typeof ROLE_CASES)[number];
const ROLE_CASE_LEVEL: Record<RoleCase, { role: TMemberRole; isKey: boolean }> = {
  "viewer session": { role: "viewer", isKey: false },
  "editor session": { role: "editor", isKey: false },
  "admin session": { role: "admin", isKey: false },
  // A key acts with the lower of its scope and its user's role (A's owner here).
  "read key": { role: "viewer", isKey: true },
  "readings key": { role: "viewer", isKey: true },
  "write key": { role: "editor", isKey: true },
};
/**
 * The partner dimension (docs/partners.md): members of partner organization P, to which A granted the top-level section
 * of `group` on A's model — P's viewer signed in, P's owner with a `read` key and with a `write` key. P is no member of
 * A: every row of A's answers them as it answers a non-member, except the few routes open to partners (PARTNER_ROWS).
 */
const PARTNER_CASES = ["partner viewer session", "partner read key", "partner write key"] as const;
type PartnerCase = (typeof PARTNER_CASES)[number];
type Caller = CaseName | RoleCase | PartnerCase | "member";

/**
 * The rows open to partners: a read (answered as to A's member, with the granted section's values only), a write of
 * the granted section (P's write key may: an allowed write, not sent; a viewer or read key 403), or a write of
 * another section (403 for every partner case).
 */
type PartnerRow = "read" | "granted write" | "other write";
const PARTNER_ROWS: Record<string, PartnerRow> = {
  "GET /organizations/[orgaId]/models/[modelId]": "read",
  "GET /organizations/[orgaId]/models/[modelId]/items": "read",
  "GET /organizations/[orgaId]/models/[modelId]/items/[itemId]": "read",
  "PATCH /organizations/[orgaId]/models/[modelId]/data-values": "granted write",
  "POST /organizations/[orgaId]/models/[modelId]/changes": "granted write",
  "POST /organizations/[orgaId]/models/[modelId]/data-values": "other write",
  "DELETE /organizations/[orgaId]/models/[modelId]/data-values": "other write",
  "POST /organizations/[orgaId]/models/[modelId]/items/[itemId]/data-values": "other write",
  "PATCH /organizations/[orgaId]/models/[modelId]/items/[itemId]/data-values": "other write",
  "DELETE /organizations/[orgaId]/models/[modelId]/items/[itemId]/data-values": "other write",
  "POST /organizations/[orgaId]/models/[modelId]/items/[itemId]/changes": "other write",
  "models.byId": "read",
  "items.list": "read",
  "items.byId": "read",
  // The conflict view of a partner's editor: the latest changes of the granted sections only (A's repeater is not).
  "history.latest": "read",
  "dataValues.modify": "granted write",
  "dataValues.applyChanges": "granted write",
  "dataValues.add": "other write",
  "dataValues.deleteRow": "other write",
  "items.dataValues.add": "other write",
  "items.dataValues.modify": "other write",
  "items.dataValues.applyChanges": "other write",
  "items.dataValues.deleteRow": "other write",
};

/** A partner case's status: a row not open to partners answers them as the row's non-member of the same kind. */
function partnerCaseExpectation(name: string, partnerCase: PartnerCase, row: MatrixRow): Expected | undefined {
  const open = PARTNER_ROWS[name];
  if (open === "read") return row.member ?? 200;
  if (open === "granted write" && partnerCase === "partner write key") return undefined;
  if (open !== undefined) return 403;
  return row.expect[partnerCase === "partner viewer session" ? "non-member session cookie" : "non-member key"];
}

/**
 * What a row of A's organization asks of its caller; null for a row not scoped to one organization. `isReadings`: a
 * write of readings, which a `readings` key reaches beyond its ceiling (docs/security.md, API key scopes).
 * `operation`: the one a REST row's declaration names, which each refusal of its role cases must name too.
 */
type Need = { role: TMemberRole; isSessionOnly: boolean; isRead: boolean; isReadings?: boolean; operation?: Operation };

/**
 * A role case's status: 403 below the role the row needs (or a key on a session-only row); a read allowed answers
 * as for A's member; an allowed write is not sent here (it would change A), the member pass sends it with the most
 * a key can do, and tests/integration/member-lifecycle.test.ts sends writes of each role and scope.
 */
function roleCaseExpectation(need: Need, roleCase: RoleCase, member: number): Expected | undefined {
  const { role, isKey } = ROLE_CASE_LEVEL[roleCase];
  // The readings key writes readings with its user's role (A's owner), like the write key: an allowed write.
  if (need.isReadings && roleCase === "readings key") return undefined;
  if (!isRoleAtLeast(role, need.role) || (need.isSessionOnly && isKey)) return 403;
  return need.isRead ? member : undefined;
}

/**
 * What a REST row needs, from its declaration in the route table (src/server/openapi/rest-api-routes.ts): the
 * operation it performs there, whose role and key scope come from OPERATION_ROLES (`operationNeeds`), the table the
 * services enforce — so a route whose service checks a lower operation than its declaration names answers a role
 * cell expected 403, and one that checks another refuses naming that other (`checkRefusalNames`). Null for a row
 * that performs none in an organization (public, or the caller's own).
 */
function restNeed(name: string): Need | null {
  const [method, pattern] = name.split(" ") as [string, string];
  const path = `/api${pattern}`.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}");
  const route = REST_API_ROUTES.find((entry) => entry.path === path && entry.method.toUpperCase() === method);
  if (!route) throw new Error(`${name} has no declaration in the route table`);
  const { operation } = route;
  if (operation === undefined || operation === "own") return null;
  const { role, scope } = operationNeeds(operation);
  const isSessionOnly = route.isSessionOnly ?? false;
  return { role, isSessionOnly, isRead: method === "GET", isReadings: scope === "readings", operation };
}

/** Procedures not scoped to one organization: the caller's own (keys, invitations, locale) or public data. */
const TRPC_UNSCOPED = new Set([
  "organizations.list",
  "organizations.create",
  "invitations.mine",
  "invitations.accept",
  "invitations.decline",
  "apiKeys.list",
  "apiKeys.revoke",
  "account.setLocale",
  "productDataModels.list",
  "productDataModels.byId",
]);

/** The roles table of docs/security.md for tRPC, by procedure. */
function trpcNeed(name: string): Need | null {
  if (TRPC_UNSCOPED.has(name)) return null;
  const isRead = procedureTypes[name] === "query";
  const isSessionOnly = TRPC[name]!.isSessionOnly ?? false;
  if (isRead) return { role: "viewer", isSessionOnly, isRead };
  if (/^organizations\.members\.|^invitations\.|^apiKeys\.|^passportVersions\.rotateSigningKey$/.test(name)) {
    return { role: "admin", isSessionOnly: true, isRead };
  }
  if (/^organizations\.update|^templateDrafts\.|^accessGrants\.|^partnerGrants\.(create|end)$/.test(name))
    return { role: "admin", isSessionOnly, isRead };
  return { role: "editor", isSessionOnly, isRead };
}

/** Path and input ids: A's own, or B's organization with A's resources (and a private product data model). */
type Ids = {
  orgaId: string;
  templateId: string;
  modelId: string;
  productDataModelId: string;
  itemId: string;
  uuid: string;
  draftId: string;
  sectionId: string;
  fieldId: string;
  grantId: string;
  /** The published passport's uuid and identifier value, for the DPP API (EN 18222). */
  dppId: string;
  productId: string;
  /** An element of that passport by its idShort path (its public note), for the DPP API's element routes. */
  elementPath: string;
  /** A's spare member, whom the member routes change (its role, suspension, removal). */
  userId: string;
};

type World = {
  request: AppClient;
  a: Party;
  b: Party;
  marker: string;
  revokedToken: string;
  otherOrganizationToken: string;
  spareKeyId: string;
  /** An open invitation of A's organization, to an address nobody has. */
  invitationId: string;
  aModelId: string;
  aTemplateId: string;
  /** A's item of A's model, and the uuid of its identifier. */
  aItemId: string;
  aItemIdentifier: { uuid: string; value: string };
  /** An Item-level field outside repeaters, which every item holds at row 0. */
  itemField: { sectionId: string; fieldId: string };
  publicPdmId: string;
  privatePdm: { id: string; name: string };
  repeater: { sectionId: string; fieldId: string };
  group: { sectionId: string; fieldId: string };
  /**
   * A's template draft (a copy of A's model's template, named with the marker), one of its top-level sections that
   * is not the last, and that section's first data field, which is not the last either: each can move down once.
   */
  draft: { id: string; revision: number; sectionId: string; fieldId: string };
  /** A published later version of A's model's template, which A's model can be upgraded to. */
  upgradeTemplateId: string;
  /** An access grant of A's model, and its secret. */
  grant: { id: string; token: string };
  /** The passport of A's other model, whose template has a restricted field holding the marker. */
  passportUuid: string;
  /** The AAS read API's path (after /api/aas/) to that passport's submodel holding the restricted field. */
  aasSubmodelPath: string;
  /** That passport's identifier value; the passport is published, so the DPP API answers it. */
  passportValue: string;
  /** The idShort path of that passport's public note (`Submodel.Element`), for the DPP API's element routes. */
  dppElementPath: string;
  /** A's members of each role below owner (each with an organization of their own), and A's keys of each scope below admin. */
  roleMembers: Record<"viewer" | "editor" | "admin", Party>;
  scopedTokens: Record<"read" | "readings" | "write", string>;
  /** Partner organization P: its viewer's session cookie, its owner's keys; and A's second grant to P, which rows end. */
  partner: { organizationId: string; viewerCookie: string; readToken: string; writeToken: string; spareGrantId: string };
  /** A's viewer whom the member routes change, as A's owner in the member pass. */
  spareMemberId: string;
  spareMemberEmail: string;
  /** How many models and templates A has once the world is set up. */
  aModelCount: number;
  aTemplateCount: number;
};

let w: World;

function idsFor(caseName: Caller): Ids {
  const own = {
    orgaId: w.a.organizationId,
    templateId: w.aTemplateId,
    modelId: w.aModelId,
    productDataModelId: w.publicPdmId,
    itemId: w.aItemId,
    uuid: w.aItemIdentifier.uuid,
    draftId: w.draft.id,
    sectionId: w.draft.sectionId,
    fieldId: w.draft.fieldId,
    grantId: w.grant.id,
    dppId: w.passportUuid,
    productId: encodeURIComponent(w.passportValue),
    elementPath: encodeURIComponent(w.dppElementPath),
    userId: w.spareMemberId,
  };
  if (caseName === "other organization's member with A's resource ids") {
    return { ...own, orgaId: w.b.organizationId, productDataModelId: w.privatePdm.id };
  }
  return own;
}

function credentialHeaders(caseName: Caller): Record<string, string> {
  switch (caseName) {
    case "viewer session":
    case "editor session":
    case "admin session": {
      const party = w.roleMembers[ROLE_CASE_LEVEL[caseName].role as "viewer" | "editor" | "admin"];
      return { cookie: party.cookie, origin: APP_ORIGIN };
    }
    case "read key":
    case "readings key":
    case "write key":
      return { api_token: w.scopedTokens[caseName.slice(0, -" key".length) as "read" | "readings" | "write"] };
    case "no credentials":
      return {};
    case "malformed key":
      return { api_token: "x" };
    case "revoked key":
      return { api_token: w.revokedToken };
    case "non-member key":
    case "other organization's member with A's resource ids":
      return { api_token: w.b.token };
    case "own key scoped to another organization":
      return { api_token: w.otherOrganizationToken };
    case "non-member session cookie":
      // With the app's Origin, so the membership check (not the cross-site guard) is what answers.
      return { cookie: w.b.cookie, origin: APP_ORIGIN };
    case "member":
      return { api_token: w.a.token };
    case "partner viewer session":
      return { cookie: w.partner.viewerCookie, origin: APP_ORIGIN };
    case "partner read key":
      return { api_token: w.partner.readToken };
    case "partner write key":
      return { api_token: w.partner.writeToken };
  }
}

const UNAUTHENTICATED = { "no credentials": 401, "malformed key": 401, "revoked key": 401 } as const;

/** A route or procedure on one of A's resources. */
const ON_A_RESOURCE: Record<CaseName, Expected> = {
  ...UNAUTHENTICATED,
  "non-member key": 403,
  "own key scoped to another organization": 403,
  "other organization's member with A's resource ids": 404,
  "non-member session cookie": [403, 404],
};
/** A route or procedure naming only the organization: with B's own organization it is B's own (allowed) data. */
const ON_ORGANIZATION: Record<CaseName, Expected> = {
  ...ON_A_RESOURCE,
  "other organization's member with A's resource ids": 200,
};
/** Identity procedures answer "not a member" like "not there" (src/server/services/identity/get-organization.ts). */
const ON_ORGANIZATION_IDENTITY: Record<CaseName, Expected> = {
  ...ON_ORGANIZATION,
  "non-member key": [403, 404],
  "own key scoped to another organization": [403, 404],
};
/** Not scoped to an organization: any signed-in caller may use it, and sees only their own or public data. */
const ANY_USER: Record<CaseName, Expected> = {
  ...UNAUTHENTICATED,
  "non-member key": 200,
  "own key scoped to another organization": 200,
  "other organization's member with A's resource ids": 200,
  "non-member session cookie": 200,
};
/** Managing keys, members and organizations: any key is refused (403) before anything else is looked at. */
const SESSION_ONLY = {
  ...UNAUTHENTICATED,
  "non-member key": 403,
  "own key scoped to another organization": 403,
  "other organization's member with A's resource ids": 403,
} as const;

/** Invitations answered by their invitee only: anyone else signed in is refused. */
const INVITEE_ONLY: Record<CaseName, Expected> = {
  ...UNAUTHENTICATED,
  "non-member key": 403,
  "own key scoped to another organization": 403,
  "other organization's member with A's resource ids": 403,
  "non-member session cookie": 403,
};

// ------------------------------------------------------------------------------------------------------------
// REST: "METHOD /path" exactly as the route's folder is named under src/app/api.

type RestEntry = {
  expect: Record<CaseName, Expected>;
  member: number;
  query?: () => string;
  body?: (ids: Ids) => unknown;
  /** A body that is not JSON (a spreadsheet upload): its media type and text. */
  raw?: { type: string; text: string };
  /** A public route answers the organization its identifier names: that id is what was asked for, not a leak. */
  isPublicByDesign?: true;
  /** Path ids this route names in place of the usual ones, whatever the caller. */
  pathIds?: () => Partial<Ids>;
  /** What a catch-all segment (`[...path]`) stands for. */
  restPath?: () => string;
};

/** Anyone, with or without credentials. */
const PUBLIC: Record<CaseName, Expected> = {
  "no credentials": 200,
  "malformed key": 200,
  "revoked key": 200,
  "non-member key": 200,
  "own key scoped to another organization": 200,
  "other organization's member with A's resource ids": 200,
  "non-member session cookie": 200,
};

/** The passport: public, but a key that is sent must be valid (docs/api.md §Passports). */
const PUBLIC_PASSPORT: Record<CaseName, Expected> = { ...PUBLIC, "malformed key": 401, "revoked key": 401 };

/** A member write of the DPP API, addressed by the DPP's id alone: every caller but A's member is refused (403). */
const DPP_MEMBER_WRITE: Record<CaseName, Expected> = {
  ...UNAUTHENTICATED,
  "non-member key": 403,
  "own key scoped to another organization": 403,
  "other organization's member with A's resource ids": 403,
  "non-member session cookie": 403,
};

/** Moves a section or a data field one place down among its siblings. */
const MOVE_DOWN = { type: "Position", direction: "down" } as const;

/** An AAS environment with one submodel template of one property: what "Add AAS submodel template" takes. */
const MATRIX_AAS_ENVIRONMENT = {
  submodels: [
    {
      modelType: "Submodel",
      id: "urn:example:matrix:submodel",
      idShort: "MatrixSubmodel",
      kind: "Template",
      submodelElements: [{ modelType: "Property", idShort: "MatrixName", valueType: "xs:string" }],
    },
  ],
};

/** An access grant's request: an authority, for a day. */
function grantRequest(): { level: "authority"; partyName: string; expiresAt: string } {
  return { level: "authority", partyName: "Matrix authority", expiresAt: new Date(Date.now() + 86_400_000).toISOString() };
}

const REST: Record<string, RestEntry> = {
  // open-dpp's `organizations` namespace, on the services of the browser's tRPC procedures.
  "GET /organizations": { expect: ANY_USER, member: 200 },
  "POST /organizations": {
    // Needs a signed-in session: any key is refused, so A's member (with A's key) is 403 too.
    expect: { ...SESSION_ONLY, "non-member session cookie": 201 },
    member: 403,
    body: () => ({ name: `Matrix organization ${crypto.randomUUID().slice(0, 8)}` }),
  },
  "GET /organizations/[orgaId]": { expect: ON_ORGANIZATION_IDENTITY, member: 200 },
  "PATCH /organizations/[orgaId]": { expect: ON_ORGANIZATION, member: 200, body: () => ({ economicOperatorId: "DE123456789012345" }) },
  "GET /organizations/[orgaId]/members": { expect: ON_ORGANIZATION_IDENTITY, member: 200 },
  // Managing members needs a session: A's member, with A's key, is refused too (tRPC's rows change the spare member).
  "PATCH /organizations/[orgaId]/members/[userId]": {
    expect: { ...SESSION_ONLY, "non-member session cookie": 403 },
    member: 403,
    body: () => ({ role: "editor" }),
  },
  "DELETE /organizations/[orgaId]/members/[userId]": { expect: { ...SESSION_ONLY, "non-member session cookie": 403 }, member: 403 },
  "POST /organizations/[orgaId]/members/[userId]/suspend": {
    expect: { ...SESSION_ONLY, "non-member session cookie": 403 },
    member: 403,
  },
  "POST /organizations/[orgaId]/members/[userId]/reinstate": {
    expect: { ...SESSION_ONLY, "non-member session cookie": 403 },
    member: 403,
  },
  "POST /organizations/[orgaId]/invite": {
    expect: { ...SESSION_ONLY, "non-member session cookie": [403, 404] },
    member: 403,
    body: () => ({ email: w.b.email }),
  },
  "GET /organizations/[orgaId]/templates": { expect: ON_ORGANIZATION, member: 200 },
  "GET /organizations/[orgaId]/templates/[templateId]": { expect: ON_A_RESOURCE, member: 200 },
  "GET /organizations/[orgaId]/templates/[templateId]/versions": { expect: ON_A_RESOURCE, member: 200 },
  "GET /organizations/[orgaId]/template-drafts": { expect: ON_ORGANIZATION, member: 200 },
  "POST /organizations/[orgaId]/template-drafts": {
    // B's organization with A's template: the template is not in that organization.
    expect: ON_A_RESOURCE,
    member: 201,
    body: (ids) => ({ templateId: ids.templateId, name: "Matrix draft", version: "matrix-created" }),
  },
  "GET /organizations/[orgaId]/template-drafts/[draftId]": { expect: ON_A_RESOURCE, member: 200 },
  "PATCH /organizations/[orgaId]/template-drafts/[draftId]": {
    expect: ON_A_RESOURCE,
    member: 200,
    body: () => ({ description: "changed by the matrix" }),
  },
  "POST /organizations/[orgaId]/template-drafts/[draftId]/sections": {
    expect: ON_A_RESOURCE,
    member: 201,
    body: () => ({ name: "Matrix section", type: "Group" }),
  },
  "PATCH /organizations/[orgaId]/template-drafts/[draftId]/sections/[sectionId]": {
    expect: ON_A_RESOURCE,
    member: 200,
    body: () => ({ name: "Matrix renamed" }),
  },
  "POST /organizations/[orgaId]/template-drafts/[draftId]/sections/[sectionId]/move": {
    expect: ON_A_RESOURCE,
    member: 200,
    body: () => MOVE_DOWN,
  },
  "POST /organizations/[orgaId]/template-drafts/[draftId]/sections/[sectionId]/data-fields": {
    expect: ON_A_RESOURCE,
    member: 201,
    body: () => ({ name: "Matrix field", type: "TextField" }),
  },
  "PATCH /organizations/[orgaId]/template-drafts/[draftId]/sections/[sectionId]/data-fields/[fieldId]": {
    expect: ON_A_RESOURCE,
    member: 200,
    body: () => ({ name: "Matrix renamed" }),
  },
  "POST /organizations/[orgaId]/template-drafts/[draftId]/sections/[sectionId]/data-fields/[fieldId]/move": {
    expect: ON_A_RESOURCE,
    member: 200,
    body: () => MOVE_DOWN,
  },
  // After the field's other rows: as A's member it deletes the field, then its section.
  "DELETE /organizations/[orgaId]/template-drafts/[draftId]/sections/[sectionId]/data-fields/[fieldId]": {
    expect: ON_A_RESOURCE,
    member: 200,
  },
  "DELETE /organizations/[orgaId]/template-drafts/[draftId]/sections/[sectionId]": { expect: ON_A_RESOURCE, member: 200 },
  "POST /organizations/[orgaId]/template-drafts/[draftId]/aas-submodels": {
    expect: ON_A_RESOURCE,
    member: 201,
    body: () => MATRIX_AAS_ENVIRONMENT,
  },
  "POST /organizations/[orgaId]/template-drafts/[draftId]/publish": { expect: ON_A_RESOURCE, member: 201, body: () => ({}) },
  "GET /organizations/[orgaId]/models": { expect: ON_ORGANIZATION, member: 200 },
  "GET /organizations/[orgaId]/models/export": { expect: ON_ORGANIZATION, member: 200 },
  "POST /organizations/[orgaId]/models": {
    // B's organization with A's template: the template is not in that organization.
    expect: ON_A_RESOURCE,
    member: 201,
    body: (ids) => ({ name: "Matrix create", templateId: ids.templateId }),
  },
  "GET /organizations/[orgaId]/models/[modelId]": { expect: ON_A_RESOURCE, member: 200 },
  "GET /organizations/[orgaId]/models/[modelId]/history": { expect: ON_A_RESOURCE, member: 200 },
  "GET /organizations/[orgaId]/models/[modelId]/aas": { expect: ON_A_RESOURCE, member: 200 },
  "PUT /organizations/[orgaId]/models/[modelId]/aas": {
    expect: ON_A_RESOURCE,
    // An environment that matches none of the model's fields: the member reaches the importer's 400.
    member: 400,
    body: () => ({ submodels: [] }),
  },
  "GET /organizations/[orgaId]/models/[modelId]/template-status": { expect: ON_A_RESOURCE, member: 200 },
  // Without the model's commodity code and facilities the member reaches the record's 409 naming them.
  "GET /organizations/[orgaId]/models/[modelId]/registry-record": { expect: ON_A_RESOURCE, member: 409 },
  "GET /organizations/[orgaId]/models/[modelId]/items/registry-records": { expect: ON_A_RESOURCE, member: 409 },
  "POST /organizations/[orgaId]/models/[modelId]/passport-versions": { expect: ON_A_RESOURCE, member: 201 },
  "POST /organizations/[orgaId]/models/[modelId]/items/passport-versions": { expect: ON_A_RESOURCE, member: 201 },
  "POST /organizations/[orgaId]/models/[modelId]/items/[itemId]/passport-versions": { expect: ON_A_RESOURCE, member: 201 },
  "GET /organizations/[orgaId]/signing-keys": { expect: ON_ORGANIZATION, member: 200 },
  // Owners and admins read the audit log (docs/security.md §Audit log); the matrix's roles below admin get 403.
  "GET /organizations/[orgaId]/audit-log": { expect: ON_ORGANIZATION, member: 200 },
  // Rotating the signing key needs a session: every key, a member's too, is refused.
  "POST /organizations/[orgaId]/signing-keys": { expect: { ...SESSION_ONLY, "non-member session cookie": 403 }, member: 403 },
  "GET /organizations/[orgaId]/models/[modelId]/access-grants": { expect: ON_A_RESOURCE, member: 200 },
  "POST /organizations/[orgaId]/models/[modelId]/access-grants": { expect: ON_A_RESOURCE, member: 201, body: grantRequest },
  "GET /organizations/[orgaId]/models/[modelId]/access-grants/[grantId]/reads": { expect: ON_A_RESOURCE, member: 200 },
  // After its reads: as A's member it revokes A's grant.
  "DELETE /organizations/[orgaId]/models/[modelId]/access-grants/[grantId]": { expect: ON_A_RESOURCE, member: 200 },
  "GET /organizations/[orgaId]/models/[modelId]/partner-grants": { expect: ON_A_RESOURCE, member: 200 },
  "POST /organizations/[orgaId]/models/[modelId]/partner-grants": {
    expect: ON_A_RESOURCE,
    member: 201,
    body: () => ({ partnerOrganizationId: w.partner.organizationId, sectionIds: [w.group.sectionId] }),
  },
  // As A's member it ends A's second grant to P; the first, which the partner cases act through, stays.
  "DELETE /organizations/[orgaId]/models/[modelId]/partner-grants/[grantId]": {
    expect: ON_A_RESOURCE,
    member: 200,
    pathIds: () => ({ grantId: w.partner.spareGrantId }),
  },
  "GET /organizations/[orgaId]/shared-models": { expect: ON_ORGANIZATION, member: 200 },
  "PATCH /organizations/[orgaId]/models/[modelId]": {
    expect: ON_A_RESOURCE,
    member: 200,
    body: () => ({ name: `Renamed ${w.marker}`, description: "changed by the matrix" }),
  },
  "POST /organizations/[orgaId]/models/[modelId]/duplicate": { expect: ON_A_RESOURCE, member: 201, body: () => ({}) },
  "POST /organizations/[orgaId]/models/[modelId]/data-values": {
    expect: ON_A_RESOURCE,
    member: 201,
    body: () => [{ dataSectionId: w.repeater.sectionId, dataFieldId: w.repeater.fieldId, row: 7, value: "matrix add" }],
  },
  "PATCH /organizations/[orgaId]/models/[modelId]/data-values": {
    expect: ON_A_RESOURCE,
    member: 200,
    body: () => [{ dataSectionId: w.group.sectionId, dataFieldId: w.group.fieldId, row: 0, value: "matrix modify" }],
  },
  "DELETE /organizations/[orgaId]/models/[modelId]/data-values": {
    expect: ON_A_RESOURCE,
    member: 200,
    query: () => `?dataSectionId=${w.repeater.sectionId}&row=1`,
  },
  "POST /organizations/[orgaId]/models/[modelId]/changes": {
    expect: ON_A_RESOURCE,
    member: 200,
    body: () => ({ modify: [{ dataSectionId: w.group.sectionId, dataFieldId: w.group.fieldId, row: 0, value: "matrix changes" }] }),
  },
  "GET /organizations/[orgaId]/models/[modelId]/items": { expect: ON_A_RESOURCE, member: 200 },
  "GET /organizations/[orgaId]/models/[modelId]/items/export": { expect: ON_A_RESOURCE, member: 200 },
  "POST /organizations/[orgaId]/models/[modelId]/items/import": {
    expect: ON_A_RESOURCE,
    // A dry run: the member gets the report, and nothing is written.
    member: 200,
    query: () => "?dryRun=true",
    raw: { type: "text/csv", text: "Identifier\nmatrix-import-1" },
  },
  "POST /organizations/[orgaId]/models/[modelId]/items": { expect: ON_A_RESOURCE, member: 201, body: () => ({}) },
  "POST /organizations/[orgaId]/models/[modelId]/items/bulk": { expect: ON_A_RESOURCE, member: 201, body: () => ({ count: 2 }) },
  "GET /organizations/[orgaId]/models/[modelId]/items/[itemId]": { expect: ON_A_RESOURCE, member: 200 },
  "GET /organizations/[orgaId]/models/[modelId]/items/[itemId]/history": { expect: ON_A_RESOURCE, member: 200 },
  "GET /organizations/[orgaId]/models/[modelId]/items/[itemId]/aas": { expect: ON_A_RESOURCE, member: 200 },
  "GET /organizations/[orgaId]/models/[modelId]/items/[itemId]/registry-record": { expect: ON_A_RESOURCE, member: 409 },
  "PUT /organizations/[orgaId]/models/[modelId]/items/[itemId]/aas": {
    expect: ON_A_RESOURCE,
    // An environment that matches none of the item's fields: the member reaches the importer's 400.
    member: 400,
    body: () => ({ submodels: [] }),
  },
  "POST /organizations/[orgaId]/models/[modelId]/items/[itemId]/data-values": {
    expect: ON_A_RESOURCE,
    // The public product data model has no Item-level repeater, so a member's add meets the row-0 value every item
    // holds: the 409 of the item's own rule, reached past every check of the caller.
    member: 409,
    body: () => [{ dataSectionId: w.itemField.sectionId, dataFieldId: w.itemField.fieldId, row: 0, value: "matrix add" }],
  },
  "PATCH /organizations/[orgaId]/models/[modelId]/items/[itemId]/data-values": {
    expect: ON_A_RESOURCE,
    member: 200,
    body: () => [{ dataSectionId: w.itemField.sectionId, dataFieldId: w.itemField.fieldId, row: 0, value: "matrix modify" }],
  },
  "DELETE /organizations/[orgaId]/models/[modelId]/items/[itemId]/data-values": {
    expect: ON_A_RESOURCE,
    // As for POST: no Item-level repeater, so the member learns the section is not one (400 from the service).
    member: 400,
    query: () => `?dataSectionId=${w.itemField.sectionId}&row=0`,
  },
  "POST /organizations/[orgaId]/models/[modelId]/items/[itemId]/changes": {
    expect: ON_A_RESOURCE,
    member: 200,
    body: () => ({
      modify: [{ dataSectionId: w.itemField.sectionId, dataFieldId: w.itemField.fieldId, row: 0, value: "matrix changes" }],
    }),
  },
  // Readings (docs/readings.md): appended by members; the series is read as the item's passport is, so its public
  // field is for anyone who names the item in its own organization's path.
  "POST /organizations/[orgaId]/models/[modelId]/items/[itemId]/readings": {
    expect: ON_A_RESOURCE,
    member: 200,
    body: () => [
      { dataSectionId: w.itemField.sectionId, dataFieldId: w.itemField.fieldId, at: "2026-01-01T00:00:00Z", value: "matrix reading" },
    ],
  },
  "POST /organizations/[orgaId]/models/[modelId]/readings": {
    expect: ON_A_RESOURCE,
    member: 200,
    body: (ids) => [
      {
        itemId: ids.itemId,
        dataSectionId: w.itemField.sectionId,
        dataFieldId: w.itemField.fieldId,
        at: "2026-01-01T00:01:00Z",
        value: "fleet",
      },
    ],
  },
  "GET /organizations/[orgaId]/models/[modelId]/items/[itemId]/readings": {
    expect: { ...PUBLIC_PASSPORT, "other organization's member with A's resource ids": 404 },
    member: 200,
    query: () => `?dataFieldId=${w.itemField.fieldId}&from=2025-12-31T00:00:00Z&to=2026-01-02T00:00:00Z`,
  },
  // Status snapshots (docs/readings.md §Status snapshots): the item's point 4 values, for members only.
  "GET /organizations/[orgaId]/models/[modelId]/items/[itemId]/status-snapshots": { expect: ON_A_RESOURCE, member: 200 },
  "GET /organizations/[orgaId]/unique-product-identifiers": {
    expect: ON_ORGANIZATION,
    member: 200,
    query: () => `?value=${encodeURIComponent(w.aItemIdentifier.value)}`,
  },
  "GET /organizations/[orgaId]/unique-product-identifiers/[uuid]/reference": { expect: ON_A_RESOURCE, member: 200 },
  "GET /unique-product-identifiers/[uuid]/metadata": { expect: PUBLIC, member: 200, isPublicByDesign: true },
  // A's other model's passport: its public fields are for anyone, its restricted one (holding the marker) for no one
  // of the matrix's callers; the leak check below proves it.
  "GET /product-passports/[uuid]": { expect: PUBLIC_PASSPORT, member: 200, pathIds: () => ({ uuid: w.passportUuid }) },
  // The same passport through the AAS read API (docs/aas.md §Read API): the same rule, errors as the profiles' Result.
  "GET /aas/[...path]": { expect: PUBLIC_PASSPORT, member: 200, restPath: () => w.aasSubmodelPath },
  // Discovery by asset link: a read whose links come in the body, with the passport's rule for a key that is sent.
  "POST /aas/[...path]": {
    expect: PUBLIC_PASSPORT,
    member: 200,
    restPath: () => "lookup/shellsByAssetLink",
    body: () => [{ name: "globalAssetId", value: "https://example.com/no-such-asset" }],
  },
  // The European DPP API (EN 18222): public reads of the published passport; its header names the organization (its
  // did:web as economic operator), so that id is public by design.
  "GET /v1/dpps/[dppId]": { expect: PUBLIC, member: 200, isPublicByDesign: true },
  "GET /v1/dppsByIdAndDate/[dppId]": {
    expect: PUBLIC,
    member: 200,
    isPublicByDesign: true,
    query: () => "?date=2999-01-01T00:00:00Z",
  },
  "GET /v1/dppsByProductId/[productId]": { expect: PUBLIC, member: 200, isPublicByDesign: true },
  "POST /v1/dppsByProductIds": {
    expect: PUBLIC,
    member: 200,
    body: () => ({ productIds: [w.passportValue] }),
  },
  // The DPP API's member writes (docs/versions.md §DPP API writes): only a member of the DPP's organization writes;
  // a DPP is addressed by its id alone, so B's member naming A's DPP is refused (403) like any non-member. Creating
  // names the organization in the body: B's organization with A's model is A's model not found there (404).
  "POST /v1/dpps": {
    expect: ON_A_RESOURCE,
    member: 201,
    body: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId }),
  },
  "PATCH /v1/dpps/[dppId]": { expect: DPP_MEMBER_WRITE, member: 200, body: () => ({}) },
  // Anyone reads an element of the published version (a key that is sent must be valid); A's member the working copy.
  "GET /v1/dpps/[dppId]/elements/[elementPath]": { expect: PUBLIC_PASSPORT, member: 200 },
  "PATCH /v1/dpps/[dppId]/elements/[elementPath]": { expect: DPP_MEMBER_WRITE, member: 200, body: () => "Matrix note" },
  "GET /product-data-models": { expect: ANY_USER, member: 200 },
  "GET /product-data-models/[productDataModelId]": {
    // A's ids name the public one; "B's organization" names another organization's private one.
    expect: { ...ANY_USER, "other organization's member with A's resource ids": 404 },
    member: 200,
  },
  "GET /organizations/[orgaId]/models/[modelId]/upgrade": {
    expect: ON_A_RESOURCE,
    member: 200,
    query: () => `?templateId=${w.upgradeTemplateId}`,
  },
  // Near the end: as A's member it moves A's model (and item) to the later version, which keeps every value.
  "POST /organizations/[orgaId]/models/[modelId]/upgrade": {
    expect: ON_A_RESOURCE,
    member: 200,
    body: () => ({ templateId: w.upgradeTemplateId }),
  },
  // As A's member it deletes A's other model (the published passport), which no route after this one names.
  "DELETE /v1/dpps/[dppId]": { expect: DPP_MEMBER_WRITE, member: 204 },
  // Last: as A's member it deletes A's item, which the routes above still name.
  "DELETE /organizations/[orgaId]/models/[modelId]/items/[itemId]": { expect: ON_A_RESOURCE, member: 204 },
  // After that: as A's member it deletes A's model, which every route above names.
  "DELETE /organizations/[orgaId]/models/[modelId]": { expect: ON_A_RESOURCE, member: 204 },
};

/** Route folders that are not REST routes of the contract, with the reason. */
const NOT_IN_MATRIX: Record<string, string> = {
  "/[...rest]": "the catch-all answering 404 for unknown /api paths",
  "/auth/[...all]": "better-auth's own sign-in/up endpoints (identity, not organization data)",
  "/trpc/[trpc]": "tRPC, covered procedure by procedure below",
  "/openapi.json": "the public OpenAPI document: no credentials, no organization data",
};

// ------------------------------------------------------------------------------------------------------------
// tRPC: every procedure of appRouter.

type TrpcEntry = {
  expect: Record<CaseName, Expected>;
  /** Needs a signed-in session: A's member calls it with A's session cookie instead of A's key. */
  isSessionOnly?: boolean;
  /** As A's member, when not 200. */
  member?: number;
  input?: (ids: Ids, caseName: Caller) => unknown;
};

const TRPC: Record<string, TrpcEntry> = {
  "organizations.list": { expect: ANY_USER },
  "organizations.byId": { expect: ON_ORGANIZATION_IDENTITY, input: (ids) => ({ organizationId: ids.orgaId }) },
  "organizations.create": {
    expect: { ...SESSION_ONLY, "non-member session cookie": 200 },
    isSessionOnly: true,
    input: () => ({ name: `Matrix organization ${crypto.randomUUID().slice(0, 8)}` }),
  },
  "organizations.members.list": { expect: ON_ORGANIZATION_IDENTITY, input: (ids) => ({ organizationId: ids.orgaId }) },
  // As A's owner (session): the spare viewer becomes an editor, is suspended, reinstated, then removed.
  "organizations.members.changeRole": {
    expect: { ...SESSION_ONLY, "non-member session cookie": 403 },
    isSessionOnly: true,
    input: (ids) => ({ organizationId: ids.orgaId, userId: ids.userId, role: "editor" }),
  },
  "organizations.members.suspend": {
    expect: { ...SESSION_ONLY, "non-member session cookie": 403 },
    isSessionOnly: true,
    input: (ids) => ({ organizationId: ids.orgaId, userId: ids.userId }),
  },
  "organizations.members.reinstate": {
    expect: { ...SESSION_ONLY, "non-member session cookie": 403 },
    isSessionOnly: true,
    input: (ids) => ({ organizationId: ids.orgaId, userId: ids.userId }),
  },
  "organizations.members.remove": {
    expect: { ...SESSION_ONLY, "non-member session cookie": 403 },
    isSessionOnly: true,
    input: (ids) => ({ organizationId: ids.orgaId, userId: ids.userId }),
  },
  "organizations.updateRegistry": {
    expect: ON_ORGANIZATION,
    input: (ids) => ({ organizationId: ids.orgaId, economicOperatorId: "DE123456789012345" }),
  },
  "organizations.updateLanguages": {
    expect: ON_ORGANIZATION,
    input: (ids) => ({ organizationId: ids.orgaId, defaultLanguage: "en", publishedLanguages: ["en", "de"] }),
  },
  "organizations.updateRetention": {
    expect: ON_ORGANIZATION,
    input: (ids) => ({ organizationId: ids.orgaId, passportRetentionYears: 10 }),
  },
  // Whether members need a second factor is a person's setting (docs/security.md §Two-factor sign-in): keys are refused.
  "organizations.updateTwoFactorRequirement": {
    expect: { ...SESSION_ONLY, "non-member session cookie": 403 },
    isSessionOnly: true,
    input: (ids) => ({ organizationId: ids.orgaId, requireTwoFactor: false }),
  },
  // The signing domain moves the organization's identity: a person signed in (docs/versions.md §Signing identity).
  "organizations.updateSigningDomain": {
    expect: { ...SESSION_ONLY, "non-member session cookie": 403 },
    isSessionOnly: true,
    input: (ids) => ({ organizationId: ids.orgaId, didWebDomain: null }),
  },
  "invitations.list": { expect: ON_ORGANIZATION_IDENTITY, input: (ids) => ({ organizationId: ids.orgaId }) },
  "invitations.create": {
    // B inviting itself to A: not a member. As A's member (session): invites B.
    expect: { ...SESSION_ONLY, "non-member session cookie": [403, 404] },
    isSessionOnly: true,
    input: (ids) => ({ organizationId: ids.orgaId, email: w.b.email }),
  },
  "invitations.revoke": {
    // B's session cannot revoke A's invitation; A's member revokes it.
    expect: { ...SESSION_ONLY, "non-member session cookie": [403, 404] },
    isSessionOnly: true,
    input: (ids) => ({ organizationId: ids.orgaId, invitationId: w.invitationId }),
  },
  "invitations.mine": { expect: { ...SESSION_ONLY, "non-member session cookie": 200 }, isSessionOnly: true },
  // A's invitation goes to an address none of the callers has: only its verified invitee may answer it, signed in.
  "invitations.accept": { expect: INVITEE_ONLY, isSessionOnly: true, member: 403, input: () => ({ invitationId: w.invitationId }) },
  "invitations.decline": { expect: INVITEE_ONLY, isSessionOnly: true, member: 403, input: () => ({ invitationId: w.invitationId }) },
  "apiKeys.list": { expect: { ...SESSION_ONLY, "non-member session cookie": 200 }, isSessionOnly: true },
  "apiKeys.create": {
    // B's session asking for a key to A's organization: not a member.
    expect: { ...SESSION_ONLY, "non-member session cookie": 403 },
    isSessionOnly: true,
    input: (ids) => ({ name: "Matrix key", organizationId: ids.orgaId }),
  },
  "apiKeys.revoke": {
    // Someone else's key (A's own working key) is not found; A's member revokes a spare key of A.
    expect: { ...SESSION_ONLY, "non-member session cookie": 404 },
    isSessionOnly: true,
    input: (_ids, caseName) => ({ id: caseName === "member" ? w.spareKeyId : w.a.keyId }),
  },
  // The member's own language setting: any signed-in person may set theirs; an API key may not.
  "account.setLocale": {
    expect: { ...SESSION_ONLY, "non-member session cookie": 200 },
    isSessionOnly: true,
    input: () => ({ locale: null }),
  },
  "templates.list": { expect: ON_ORGANIZATION, input: (ids) => ({ organizationId: ids.orgaId }) },
  "templates.byId": { expect: ON_A_RESOURCE, input: (ids) => ({ organizationId: ids.orgaId, templateId: ids.templateId }) },
  "templates.versions": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, templateId: ids.templateId }),
  },
  "templateDrafts.list": { expect: ON_ORGANIZATION, input: (ids) => ({ organizationId: ids.orgaId }) },
  "templateDrafts.byId": { expect: ON_A_RESOURCE, input: (ids) => ({ organizationId: ids.orgaId, draftId: ids.draftId }) },
  "templateDrafts.create": {
    // B's organization with A's template: the template is not in that organization.
    expect: ON_A_RESOURCE,
    input: (ids) => ({
      organizationId: ids.orgaId,
      draft: { templateId: ids.templateId, name: "Matrix draft", version: "matrix-created" },
    }),
  },
  "templateDrafts.update": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, draftId: ids.draftId, patch: { description: "changed by the matrix" } }),
  },
  "templateDrafts.addSection": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, draftId: ids.draftId, section: { name: "Matrix section", type: "Group" } }),
  },
  "templateDrafts.modifySection": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({
      organizationId: ids.orgaId,
      draftId: ids.draftId,
      sectionId: ids.sectionId,
      patch: { name: "Matrix renamed" },
    }),
  },
  "templateDrafts.moveSection": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, draftId: ids.draftId, sectionId: ids.sectionId, move: MOVE_DOWN }),
  },
  "templateDrafts.addDataField": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({
      organizationId: ids.orgaId,
      draftId: ids.draftId,
      sectionId: ids.sectionId,
      field: { name: "Matrix field", type: "TextField" },
    }),
  },
  "templateDrafts.modifyDataField": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({
      organizationId: ids.orgaId,
      draftId: ids.draftId,
      sectionId: ids.sectionId,
      fieldId: ids.fieldId,
      patch: { name: "Matrix renamed" },
    }),
  },
  "templateDrafts.moveDataField": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({
      organizationId: ids.orgaId,
      draftId: ids.draftId,
      sectionId: ids.sectionId,
      fieldId: ids.fieldId,
      move: MOVE_DOWN,
    }),
  },
  // After the field's other procedures: as A's member it deletes the field, then its section.
  "templateDrafts.deleteDataField": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, draftId: ids.draftId, sectionId: ids.sectionId, fieldId: ids.fieldId }),
  },
  "templateDrafts.deleteSection": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, draftId: ids.draftId, sectionId: ids.sectionId }),
  },
  "templateDrafts.importAas": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({
      organizationId: ids.orgaId,
      draftId: ids.draftId,
      upload: { kind: "json", environment: MATRIX_AAS_ENVIRONMENT },
    }),
  },
  "templateDrafts.applyProfile": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, draftId: ids.draftId, profile: "eu-battery-annex-xiii" }),
  },
  "templateDrafts.publish": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, draftId: ids.draftId, publication: {} }),
  },
  "productDataModels.list": { expect: ANY_USER },
  "productDataModels.byId": {
    expect: { ...ANY_USER, "other organization's member with A's resource ids": 404 },
    input: (ids) => ({ productDataModelId: ids.productDataModelId }),
  },
  "models.list": { expect: ON_ORGANIZATION, input: (ids) => ({ organizationId: ids.orgaId }) },
  "models.byId": { expect: ON_A_RESOURCE, input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId }) },
  "history.model": { expect: ON_A_RESOURCE, input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId }) },
  "history.item": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId, itemId: ids.itemId }),
  },
  "history.latest": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({
      organizationId: ids.orgaId,
      modelId: ids.modelId,
      keys: [{ dataSectionId: w.repeater.sectionId, dataFieldId: w.repeater.fieldId, row: 0 }],
    }),
  },
  "modelUpgrades.status": { expect: ON_A_RESOURCE, input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId }) },
  "modelUpgrades.preview": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId, templateId: w.upgradeTemplateId }),
  },
  "passportVersions.publishModel": { expect: ON_A_RESOURCE, input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId }) },
  "passportVersions.publishItems": { expect: ON_A_RESOURCE, input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId }) },
  "passportVersions.publishItem": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId, itemId: ids.itemId }),
  },
  "passportVersions.signingKeys": { expect: ON_ORGANIZATION, input: (ids) => ({ organizationId: ids.orgaId }) },
  "passportVersions.rotateSigningKey": {
    expect: { ...SESSION_ONLY, "non-member session cookie": 403 },
    isSessionOnly: true,
    input: (ids) => ({ organizationId: ids.orgaId }),
  },
  "accessGrants.list": { expect: ON_A_RESOURCE, input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId }) },
  "accessGrants.create": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId, grant: grantRequest() }),
  },
  "accessGrants.reads": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId, grantId: ids.grantId }),
  },
  // After its reads: as A's member it revokes A's grant.
  "accessGrants.revoke": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId, grantId: ids.grantId }),
  },
  "partnerGrants.list": { expect: ON_A_RESOURCE, input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId }) },
  "partnerGrants.create": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({
      organizationId: ids.orgaId,
      modelId: ids.modelId,
      grant: { partnerOrganizationId: w.partner.organizationId, sectionIds: [w.group.sectionId] },
    }),
  },
  // As A's member it ends A's second grant to P.
  "partnerGrants.end": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId, grantId: w.partner.spareGrantId }),
  },
  "partnerGrants.shared": { expect: ON_ORGANIZATION, input: (ids) => ({ organizationId: ids.orgaId }) },
  "models.create": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, model: { name: "Matrix create", templateId: ids.templateId } }),
  },
  "models.update": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId, patch: { name: `Updated ${w.marker}` } }),
  },
  "models.duplicate": { expect: ON_A_RESOURCE, input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId }) },
  "dataValues.add": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({
      organizationId: ids.orgaId,
      modelId: ids.modelId,
      values: [{ dataSectionId: w.repeater.sectionId, dataFieldId: w.repeater.fieldId, row: 8, value: "trpc add" }],
    }),
  },
  "dataValues.modify": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({
      organizationId: ids.orgaId,
      modelId: ids.modelId,
      values: [{ dataSectionId: w.group.sectionId, dataFieldId: w.group.fieldId, row: 0, value: "trpc modify" }],
    }),
  },
  "dataValues.applyChanges": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({
      organizationId: ids.orgaId,
      modelId: ids.modelId,
      changes: { modify: [{ dataSectionId: w.group.sectionId, dataFieldId: w.group.fieldId, row: 0, value: "trpc changes" }] },
    }),
  },
  "dataValues.deleteRow": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId, dataSectionId: w.repeater.sectionId, row: 2 }),
  },
  "items.list": { expect: ON_A_RESOURCE, input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId }) },
  "items.byId": { expect: ON_A_RESOURCE, input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId, itemId: ids.itemId }) },
  "items.create": { expect: ON_A_RESOURCE, input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId }) },
  "items.bulkCreate": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId, request: { count: 2 } }),
  },
  "items.addIdentifier": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId, itemId: ids.itemId, value: `SN-${crypto.randomUUID()}` }),
  },
  "items.dataValues.add": {
    expect: ON_A_RESOURCE,
    // No Item-level repeater in the public product data model: the member meets the existing row-0 value (409).
    member: 409,
    input: (ids) => ({
      organizationId: ids.orgaId,
      modelId: ids.modelId,
      itemId: ids.itemId,
      values: [{ dataSectionId: w.itemField.sectionId, dataFieldId: w.itemField.fieldId, row: 0, value: "trpc add" }],
    }),
  },
  "items.dataValues.modify": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({
      organizationId: ids.orgaId,
      modelId: ids.modelId,
      itemId: ids.itemId,
      values: [{ dataSectionId: w.itemField.sectionId, dataFieldId: w.itemField.fieldId, row: 0, value: "trpc modify" }],
    }),
  },
  "items.dataValues.applyChanges": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({
      organizationId: ids.orgaId,
      modelId: ids.modelId,
      itemId: ids.itemId,
      changes: { modify: [{ dataSectionId: w.itemField.sectionId, dataFieldId: w.itemField.fieldId, row: 0, value: "trpc changes" }] },
    }),
  },
  "items.dataValues.deleteRow": {
    expect: ON_A_RESOURCE,
    // As for add: the section is not a repeater (400 from the service, past every check of the caller).
    member: 400,
    input: (ids) => ({
      organizationId: ids.orgaId,
      modelId: ids.modelId,
      itemId: ids.itemId,
      dataSectionId: w.itemField.sectionId,
      row: 0,
    }),
  },
  // Near the end: as A's member it moves A's model (and item) to the later version, which keeps every value.
  "modelUpgrades.upgrade": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId, templateId: w.upgradeTemplateId }),
  },
  // Last: as A's member it deletes A's item, which the procedures above still name.
  "items.delete": {
    expect: ON_A_RESOURCE,
    input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId, itemId: ids.itemId }),
  },
  // After that: as A's member it deletes A's model, which every procedure above names.
  "models.delete": { expect: ON_A_RESOURCE, input: (ids) => ({ organizationId: ids.orgaId, modelId: ids.modelId }) },
};

// Every procedure of the app's router and its type: at run time tRPC keeps each procedure under its dotted path.
const procedureTypes = Object.fromEntries(
  Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>).map(([path, p]) => [
    path,
    p._def.type,
  ]),
) as Record<string, "query" | "mutation" | "subscription">;

// ------------------------------------------------------------------------------------------------------------

async function setUpWorld(request: AppClient): Promise<World> {
  // Short enough for key names (better-auth allows 32 characters; see api-key-names.spec.ts), unique enough to find.
  const shortMarker = (prefix: string) => `${prefix}${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const marker = shortMarker("MXA");
  const a = await createParty(request, "Alice", marker);
  const b = await createParty(request, "Bob", shortMarker("MXB"));
  const asA = { cookie: a.cookie, origin: APP_ORIGIN };
  const revoked = await trpcMutation<{ id: string; token: string }>(
    request,
    "apiKeys.create",
    { name: `revoked ${marker}`, organizationId: a.organizationId },
    asA,
  );
  await trpcMutation(request, "apiKeys.revoke", { id: revoked.id }, asA);
  const spare = await trpcMutation<{ id: string }>(
    request,
    "apiKeys.create",
    { name: `spare ${marker}`, organizationId: a.organizationId },
    asA,
  );
  const invitation = await trpcMutation<{ id: string }>(
    request,
    "invitations.create",
    { organizationId: a.organizationId, email: `nobody-${crypto.randomUUID()}@api-matrix.test` },
    asA,
  );
  // A's second organization (named without the marker: what it shows is A's to see) and a key for it alone.
  const otherOrganization = await trpcMutation<{ id: string }>(
    request,
    "organizations.create",
    { name: "Alice's other organization" },
    asA,
  );
  const otherOrganizationKey = await trpcMutation<{ token: string }>(
    request,
    "apiKeys.create",
    { name: "other organization", organizationId: otherOrganization.id },
    asA,
  );

  const roleMember = async (role: "viewer" | "editor" | "admin") => {
    const party = await createParty(request, `${role[0]!.toUpperCase()}${role.slice(1)}`, shortMarker("MXR"));
    await addMember({ actor: OPERATOR, organizationId: a.organizationId, userEmailOrId: party.email, role });
    return party;
  };
  const roleMembers = { viewer: await roleMember("viewer"), editor: await roleMember("editor"), admin: await roleMember("admin") };
  const scopedToken = async (scope: "read" | "readings" | "write") =>
    (await createApiKey({ userId: a.userId, organizationId: a.organizationId, name: `${scope} ${marker}`, scope })).token;
  const scopedTokens = { read: await scopedToken("read"), readings: await scopedToken("readings"), write: await scopedToken("write") };
  const spareMemberEmail = `spare-${crypto.randomUUID()}@api-matrix.test`;
  const spareMember = await createUser({ email: spareMemberEmail, password: "correct-horse-battery" });
  await addMember({ actor: OPERATOR, organizationId: a.organizationId, userEmailOrId: spareMemberEmail, role: "viewer" });

  const { publicPdm, privatePdm } = await productDataModelsOfNobody();
  const keyA = { api_token: a.token, "content-type": "application/json" };

  const pdm = await send(request, "GET", `/api/product-data-models/${publicPdm.id}`, { headers: { api_token: a.token } });
  expect(pdm.status, pdm.text).toBe(200);
  type Section = { id: string; type: string; parentId?: string | null; granularityLevel?: string; dataFields: Field[] };
  type Field = { id: string; type: string; granularityLevel?: string; options?: Record<string, string> };
  const sections = (JSON.parse(pdm.text) as { sections: Section[] }).sections;
  // A free text field: Model-level, optional, without a length limit the marker would exceed.
  const textField = (section: Section) =>
    section.dataFields.find(
      (f) => f.type === "TextField" && f.granularityLevel !== "Item" && f.options?.required !== "true" && !f.options?.maxLength,
    );
  const repeaterSection = sections.find((s) => s.type === "Repeatable" && textField(s));
  const groupSection = sections.find((s) => s.type === "Group" && !s.parentId && s.granularityLevel !== "Item" && textField(s));
  if (!repeaterSection || !groupSection) throw new Error("the public product data model has no repeater or group with a text field");
  const repeater = { sectionId: repeaterSection.id, fieldId: textField(repeaterSection)!.id };
  const group = { sectionId: groupSection.id, fieldId: textField(groupSection)!.id };

  // A's model, from the public product data model (A's organization is new and has no template of its own).
  const created = await send(request, "POST", `/api/organizations/${a.organizationId}/models`, {
    headers: keyA,
    data: { name: `Secret model ${marker}`, description: `Confidential ${marker}`, marketplaceResourceId: publicPdm.id },
  });
  expect(created.status, created.text).toBe(201);
  const model = JSON.parse(created.text) as { id: string; templateId: string };
  const rows = await send(request, "POST", `/api/organizations/${a.organizationId}/models/${model.id}/data-values`, {
    headers: keyA,
    data: [0, 1, 2].map((row) => ({
      dataSectionId: repeater.sectionId,
      dataFieldId: repeater.fieldId,
      row,
      value: `${marker} row ${row}`,
    })),
  });
  expect(rows.status, rows.text).toBe(201);
  const itemSection = sections.find(
    (s) =>
      s.type === "Group" &&
      s.granularityLevel === "Item" &&
      s.dataFields.some((f) => f.type === "TextField" && f.options?.required !== "true"),
  );
  const itemTextField = itemSection?.dataFields.find((f) => f.type === "TextField" && f.options?.required !== "true");
  if (!itemSection || !itemTextField) throw new Error("the public product data model has no Item-level group with a text field");
  const item = await send(request, "POST", `/api/organizations/${a.organizationId}/models/${model.id}/items`, {
    headers: keyA,
    data: { uniqueProductIdentifiers: [{ value: `${marker}-serial` }] },
  });
  expect(item.status, item.text).toBe(201);
  const aItem = JSON.parse(item.text) as { id: string; uniqueProductIdentifiers: { uuid: string; value: string }[] };
  // B has data of its own, so that B's lists are not trivially empty.
  const bModel = await send(request, "POST", `/api/organizations/${b.organizationId}/models`, {
    headers: { api_token: b.token, "content-type": "application/json" },
    data: { name: "Bob's own model", marketplaceResourceId: publicPdm.id },
  });
  expect(bModel.status, bModel.text).toBe(201);

  /** A's write that must succeed, with its answer's body. */
  const writeAsA = async <T>(method: string, path: string, data: unknown, status = 201): Promise<T> => {
    const answer = await send(request, method, `/api/organizations/${a.organizationId}${path}`, { headers: keyA, data });
    expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(status);
    return JSON.parse(answer.text) as T;
  };
  type Draft = {
    id: string;
    revision: number;
    sections: { id: string; name: string; parentId: string | null; dataFields: { id: string; name: string }[] }[];
  };
  // A's draft for the builder's routes, with the version label its publication in the matrix will take.
  const draft = await writeAsA<Draft>("POST", "/template-drafts", {
    templateId: model.templateId,
    name: `Draft ${marker}`,
    version: "matrix-published",
  });
  const draftSection = draft.sections
    .filter((section) => section.parentId === null)
    .slice(0, -1)
    .find((section) => section.dataFields.length >= 2);
  if (!draftSection) throw new Error("A's template has no top-level section with two fields before its last");
  // A later version of A's model's template: a copy of it, published.
  const nextVersion = await writeAsA<Draft>("POST", "/template-drafts", { templateId: model.templateId, version: "matrix-upgrade" });
  const upgrade = await writeAsA<{ published: { templateId: string } }>("POST", `/template-drafts/${nextVersion.id}/publish`, {});
  // A's other model, of a template with a public and a restricted field: its passport is read by the matrix's callers.
  const scratch = await writeAsA<Draft>("POST", "/template-drafts", { name: "Passport template" });
  const withSection = await writeAsA<Draft>("POST", `/template-drafts/${scratch.id}/sections`, { name: "Passport", type: "Group" });
  const passportSectionId = withSection.sections.find((section) => section.name === "Passport")!.id;
  const fieldsPath = `/template-drafts/${scratch.id}/sections/${passportSectionId}/data-fields`;
  await writeAsA("POST", fieldsPath, { name: "Public note", type: "TextField" });
  const withFields = await writeAsA<Draft>("POST", fieldsPath, {
    name: "Restricted note",
    type: "TextField",
    options: { access: "authority" },
  });
  const passportFields = withFields.sections.find((section) => section.id === passportSectionId)!.dataFields;
  const fieldId = (name: string) => passportFields.find((field) => field.name === name)!.id;
  const passportTemplate = await writeAsA<{ published: { templateId: string } }>("POST", `/template-drafts/${scratch.id}/publish`, {});
  const passportModel = await writeAsA<{ id: string; uniqueProductIdentifiers: { uuid: string; value: string }[] }>(
    "POST",
    "/models",
    {
      name: "Public product",
      templateId: passportTemplate.published.templateId,
    },
  );
  await writeAsA(
    "PATCH",
    `/models/${passportModel.id}/data-values`,
    [
      { dataSectionId: passportSectionId, dataFieldId: fieldId("Public note"), row: 0, value: "Public note" },
      { dataSectionId: passportSectionId, dataFieldId: fieldId("Restricted note"), row: 0, value: `Restricted ${marker}` },
    ],
    200,
  );
  const passportUuid = passportModel.uniqueProductIdentifiers[0]!.uuid;
  const passportValue = passportModel.uniqueProductIdentifiers[0]!.value;
  // Published, so the DPP API (EN 18222) has a version to answer (docs/versions.md).
  await writeAsA("POST", `/models/${passportModel.id}/passport-versions`, undefined);
  // A's member sees the restricted value, so its absence from everyone else's answer means something.
  const memberPassport = await send(request, "GET", `/api/product-passports/${passportUuid}`, { headers: { api_token: a.token } });
  expect(memberPassport.text).toContain(`Restricted ${marker}`);
  // Its shell and submodel ids, as A's member's AAS export names them; the member reads the marker through /api/aas.
  const exported = await send(request, "GET", `/api/organizations/${a.organizationId}/models/${passportModel.id}/aas`, {
    headers: keyA,
  });
  const environment = JSON.parse(exported.text) as {
    assetAdministrationShells: { id: string }[];
    submodels: { id: string; idShort: string; submodelElements: { idShort: string }[] }[];
  };
  const b64 = (id: string) => Buffer.from(id, "utf8").toString("base64url");
  const aasSubmodelPath = `shells/${b64(environment.assetAdministrationShells[0]!.id)}/submodels/${b64(environment.submodels[0]!.id)}`;
  expect((await send(request, "GET", `/api/aas/${aasSubmodelPath}`, { headers: keyA })).text).toContain(`Restricted ${marker}`);
  const grant = await writeAsA<{ id: string; token: string }>("POST", `/models/${model.id}/access-grants`, {
    ...grantRequest(),
    partyName: `Authority ${marker}`,
  });
  // Partner organization P, granted the group's section of A's model twice (the second grant is the one rows end).
  const partnerOwner = await createParty(request, "Partner", shortMarker("MXP"));
  const partnerViewer = await createParty(request, "Pviewer", shortMarker("MXP"));
  await addMember({
    actor: OPERATOR,
    organizationId: partnerOwner.organizationId,
    userEmailOrId: partnerViewer.email,
    role: "viewer",
  });
  const partnerKey = async (scope: "read" | "write") =>
    (await createApiKey({ userId: partnerOwner.userId, organizationId: partnerOwner.organizationId, name: `partner ${scope}`, scope }))
      .token;
  const partnerGrant = () =>
    writeAsA<{ id: string }>("POST", `/models/${model.id}/partner-grants`, {
      partnerOrganizationId: partnerOwner.organizationId,
      sectionIds: [group.sectionId],
    });
  await partnerGrant();
  const partner = {
    organizationId: partnerOwner.organizationId,
    viewerCookie: partnerViewer.cookie,
    readToken: await partnerKey("read"),
    writeToken: await partnerKey("write"),
    spareGrantId: (await partnerGrant()).id,
  };
  const count = async (path: string) =>
    (JSON.parse((await send(request, "GET", `/api/organizations/${a.organizationId}${path}`, { headers: keyA })).text) as unknown[])
      .length;

  return {
    request,
    a,
    b,
    marker,
    revokedToken: revoked.token,
    otherOrganizationToken: otherOrganizationKey.token,
    spareKeyId: spare.id,
    invitationId: invitation.id,
    aModelId: model.id,
    aTemplateId: model.templateId,
    aItemId: aItem.id,
    aItemIdentifier: aItem.uniqueProductIdentifiers[0]!,
    itemField: { sectionId: itemSection.id, fieldId: itemTextField.id },
    publicPdmId: publicPdm.id,
    privatePdm: { id: privatePdm.id, name: privatePdm.name },
    repeater,
    group,
    draft: { id: draft.id, revision: draft.revision, sectionId: draftSection.id, fieldId: draftSection.dataFields[0]!.id },
    upgradeTemplateId: upgrade.published.templateId,
    grant: { id: grant.id, token: grant.token },
    passportUuid,
    aasSubmodelPath,
    passportValue,
    dppElementPath: `${environment.submodels[0]!.idShort}.PublicNote`,
    roleMembers,
    scopedTokens,
    partner,
    spareMemberId: spareMember.id,
    spareMemberEmail,
    aModelCount: await count("/models"),
    aTemplateCount: await count("/templates"),
  };
}

/** Strings that must never reach anyone but A: its marker, email, private names, and its ids not in the request. */
function secretsNotIn(requestText: string): string[] {
  const secrets = [
    w.marker,
    w.a.email,
    w.a.organizationName,
    w.privatePdm.name,
    w.a.organizationId,
    w.a.userId,
    w.a.keyId,
    w.spareKeyId,
    w.aModelId,
    w.aTemplateId,
    w.aItemId,
    w.aItemIdentifier.uuid,
    w.draft.id,
    w.upgradeTemplateId,
    w.grant.id,
    w.grant.token,
  ];
  return secrets.filter((secret) => !requestText.includes(secret));
}

function statusMatches(status: number, expected: Expected): boolean {
  return typeof expected === "number" ? status === expected : expected.includes(status);
}

type Cell = { kind: "REST" | "tRPC"; name: string; caseName: Caller; status: number; text: string; requestText: string };

/**
 * How a cell reaches the app. A's member's calls go over the HTTP server (startAppServer), as a script's would; every
 * other caller's request is handed to the same route file in this process (dispatchAppRoute, which that server
 * calls for each request after answerBeforeNext, whose methods and malformed escapes no cell here sends): the same
 * Request, the same handler, the same Response, without an HTTP round trip per cell for the client and the server to
 * parse, a quarter of the matrix's CPU in this process (2026-11-29 profile).
 */
async function sendAs(
  caseName: Caller,
  method: string,
  url: string,
  options: { headers?: Record<string, string>; data?: unknown; raw?: string } = {},
): Promise<{ status: number; text: string }> {
  if (caseName === "member") return send(w.request, method, url, options);
  const body = options.raw ?? (options.data === undefined ? undefined : JSON.stringify(options.data));
  const response = await dispatchAppRoute(new Request(`${w.request.origin}${url}`, { method, headers: options.headers, body }));
  return { status: response.status, text: await response.text() };
}

async function restCall(key: string, caseName: Caller): Promise<Cell> {
  const [method, pattern] = key.split(" ") as [string, string];
  const entry = REST[key]!;
  const ids = { ...idsFor(caseName), ...entry.pathIds?.() };
  const filled = pattern
    .replace(/\[\.\.\.\w+\]/g, () => entry.restPath?.() ?? "")
    .replace(/\[(\w+)\]/g, (_, name: string) => ids[name as keyof Ids]);
  const path = `/api${filled}${entry.query?.() ?? ""}`;
  const body = entry.body?.(ids);
  const type: Record<string, string> = entry.raw
    ? { "content-type": entry.raw.type }
    : body === undefined
      ? {}
      : { "content-type": "application/json" };
  const headers = { ...credentialHeaders(caseName), ...type };
  const answer = await sendAs(caseName, method, path, { headers, data: body, raw: entry.raw?.text });
  const requestText = `${path} ${JSON.stringify(body ?? null)}${entry.isPublicByDesign ? ` ${w.a.organizationId}` : ""}`;
  return { kind: "REST", name: key, caseName, status: answer.status, text: answer.text, requestText };
}

async function trpcCall(procedure: string, caseName: Caller): Promise<Cell> {
  const entry = TRPC[procedure]!;
  const input = entry.input?.(idsFor(caseName), caseName);
  const type = procedureTypes[procedure]!;
  const headers =
    caseName === "member" && entry.isSessionOnly ? { cookie: w.a.cookie, origin: APP_ORIGIN } : credentialHeaders(caseName);
  const answer =
    type === "query"
      ? await sendAs(
          caseName,
          "GET",
          `/api/trpc/${procedure}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          { headers },
        )
      : await sendAs(caseName, "POST", `/api/trpc/${procedure}`, {
          headers: { ...headers, "content-type": "application/json" },
          data: input ?? null,
        });
  return {
    kind: "tRPC",
    name: procedure,
    caseName,
    status: answer.status,
    text: answer.text,
    requestText: JSON.stringify(input ?? null),
  };
}

/** The REST error body of the contract, exactly. */
function expectRestErrorBody(cell: Cell): void {
  const where = `${cell.name} · ${cell.caseName}`;
  const body = JSON.parse(cell.text) as Record<string, unknown>;
  // The European DPP API (/v1) adds EN 18222's `Result` (`messages[]`, the error first) to the same body.
  const isDppApi = cell.name.includes(" /v1/");
  if (isDppApi) expectAasResultBody(cell);
  const keys = ["statusCode", "error", "message", "issues", ...(isDppApi ? ["messages"] : [])];
  expect
    .soft(
      Object.keys(body).every((key) => keys.includes(key)),
      `${where}: ${cell.text}`,
    )
    .toBe(true);
  expect.soft(body.statusCode, where).toBe(cell.status);
  expect.soft(typeof body.error, where).toBe("string");
  expect.soft(typeof body.message === "string" && body.message.trim().length > 0, where).toBe(true);
  expect.soft(cell.text, where).not.toMatch(/\n\s*at\s|node_modules|\.ts:\d+/);
}

/** The AAS read API's error body: the profiles' `Result`, one message whose code is the status. */
function expectAasResultBody(cell: Cell): void {
  const where = `${cell.name} · ${cell.caseName}`;
  const body = JSON.parse(cell.text) as { messages?: { code?: string; messageType?: string; text?: string }[] };
  expect.soft(body.messages?.[0]?.code, `${where}: ${cell.text}`).toBe(String(cell.status));
  expect.soft(body.messages?.[0]?.messageType, where).toBe("Error");
  expect.soft(cell.text, where).not.toMatch(/\n\s*at\s|node_modules|\.ts:\d+/);
}

/** tRPC's error envelope: the status in data.httpStatus, no stack. */
function expectTrpcErrorBody(cell: Cell): void {
  const where = `${cell.name} · ${cell.caseName}`;
  const body = JSON.parse(cell.text) as { error?: { message?: string; data?: { httpStatus?: number; stack?: unknown } } };
  expect.soft(body.error?.data?.httpStatus, `${where}: ${cell.text}`).toBe(cell.status);
  expect.soft(body.error?.data?.stack, where).toBeUndefined();
  expect.soft(typeof body.error?.message === "string" && body.error.message.length > 0, where).toBe(true);
  expect.soft(cell.text, where).not.toMatch(/\n\s*at\s|node_modules|\.ts:\d+/);
}

function checkCell(cell: Cell, expected: Expected): void {
  checkStatus(cell, expected);
  const where = `${cell.kind} ${cell.name} · ${cell.caseName}`;
  const leaked = secretsNotIn(cell.requestText).filter((secret) => cell.text.includes(secret));
  expect.soft(leaked, `${where} revealed organization A's data: ${cell.text.slice(0, 300)}`).toEqual([]);
}

/** The status and, for a refusal, the contract's error body. */
function checkStatus(cell: Cell, expected: Expected): void {
  const where = `${cell.kind} ${cell.name} · ${cell.caseName}`;
  expect
    .soft(
      statusMatches(cell.status, expected),
      `${where}: expected ${JSON.stringify(expected)}, got ${cell.status} ${cell.text.slice(0, 300)}`,
    )
    .toBe(true);
  if (cell.status >= 400) {
    const check =
      cell.kind === "tRPC" ? expectTrpcErrorBody : cell.name.includes(" /aas/") ? expectAasResultBody : expectRestErrorBody;
    check(cell);
  }
}

// ------------------------------------------------------------------------------------------------------------

let app: AppClient;
/**
 * The REST matrix's world and the tRPC matrix's (each member pass changes and deletes what its world holds), set up
 * side by side from the start, while the route and procedure lists are checked.
 */
let worlds: Promise<[World, World]>;

beforeAll(async () => {
  app = await startAppServer();
  worlds = Promise.all([setUpWorld(app), setUpWorld(app)]);
  // A failure is reported by the describe that awaits it, not as an unhandled rejection before then.
  worlds.catch(() => undefined);
});

afterAll(async () => {
  await app.close();
});

it("every REST route on disk, with each method it serves, has a row in the matrix", async () => {
  const all = await discoverRestRoutes(app);
  const discovered = all.filter((route) => !(route.pattern in NOT_IN_MATRIX));
  expect(discovered.length).toBeGreaterThan(0);
  for (const route of discovered) expect(route.methods, `${route.file} serves no method through restRoutes`).not.toEqual([]);
  const onDisk = discovered.flatMap((route) => route.methods.map((method) => `${method} ${route.pattern}`)).sort();
  expect(Object.keys(REST).sort()).toEqual(onDisk);
  // Every excluded folder still exists, so the exclusions cannot hide a renamed route.
  for (const excluded of Object.keys(NOT_IN_MATRIX)) expect(all.map((route) => route.pattern)).toContain(excluded);
});

it("every tRPC procedure of the app's router has a row in the matrix", () => {
  expect(Object.keys(TRPC).sort()).toEqual(Object.keys(procedureTypes).sort());
  for (const type of Object.values(procedureTypes)) expect(type).not.toBe("subscription");
});

/** Organization A after the matrix: exactly as set up, its key working, its members only A. */
async function expectOrganizationAUntouched(): Promise<void> {
  const keyA = { api_token: w.a.token };
  const model = await send(w.request, "GET", `/api/organizations/${w.a.organizationId}/models/${w.aModelId}`, { headers: keyA });
  expect(model.status).toBe(200);
  const state = JSON.parse(model.text) as {
    name: string;
    description: string;
    version: number;
    dataValues: { value: string | null }[];
  };
  expect(state.name).toBe(`Secret model ${w.marker}`);
  expect(state.description).toBe(`Confidential ${w.marker}`);
  // Created (1) and three rows added (2): nothing since.
  expect(state.version).toBe(2);
  expect(state.dataValues.filter((v) => v.value?.startsWith(w.marker))).toHaveLength(3);
  const item = await send(w.request, "GET", `/api/organizations/${w.a.organizationId}/models/${w.aModelId}/items/${w.aItemId}`, {
    headers: keyA,
  });
  expect((JSON.parse(item.text) as { version: number }).version).toBe(1);
  const items = await send(w.request, "GET", `/api/organizations/${w.a.organizationId}/models/${w.aModelId}/items`, { headers: keyA });
  expect(JSON.parse(items.text) as unknown[]).toHaveLength(1);
  const models = await send(w.request, "GET", `/api/organizations/${w.a.organizationId}/models`, { headers: keyA });
  expect(JSON.parse(models.text) as unknown[]).toHaveLength(w.aModelCount);
  const templates = await send(w.request, "GET", `/api/organizations/${w.a.organizationId}/templates`, { headers: keyA });
  expect(JSON.parse(templates.text) as unknown[]).toHaveLength(w.aTemplateCount);
  const draft = await send(w.request, "GET", `/api/organizations/${w.a.organizationId}/template-drafts/${w.draft.id}`, {
    headers: keyA,
  });
  expect((JSON.parse(draft.text) as { revision: number }).revision).toBe(w.draft.revision);
  const grants = await send(w.request, "GET", `/api/organizations/${w.a.organizationId}/models/${w.aModelId}/access-grants`, {
    headers: keyA,
  });
  const grantList = JSON.parse(grants.text) as { id: string; isActive: boolean }[];
  expect(grantList.map((g) => [g.id, g.isActive])).toEqual([[w.grant.id, true]]);
  const input = encodeURIComponent(JSON.stringify({ organizationId: w.a.organizationId }));
  const members = await send(w.request, "GET", `/api/trpc/organizations.members.list?input=${input}`, { headers: keyA });
  const roleEmails = [w.roleMembers.viewer.email, w.roleMembers.editor.email, w.roleMembers.admin.email];
  expect(
    (JSON.parse(members.text) as { result: { data: { email: string; role: string; suspendedAt: string | null }[] } }).result.data.map(
      (m) => [m.email, m.role, m.suspendedAt],
    ),
  ).toEqual([
    [w.a.email, "owner", null],
    ...roleEmails.map((email, index) => [email, ["viewer", "editor", "admin"][index], null]),
    [w.spareMemberEmail, "viewer", null],
  ]);
  const keys = await send(w.request, "GET", "/api/trpc/apiKeys.list", { headers: { cookie: w.a.cookie } });
  const keyList = (JSON.parse(keys.text) as { result: { data: { id: string; revokedAt: string | null }[] } }).result.data;
  expect(keyList.find((k) => k.id === w.a.keyId)?.revokedAt).toBeNull();
  expect(keyList.find((k) => k.id === w.spareKeyId)?.revokedAt).toBeNull();
}

type MatrixRow = { expect: Record<CaseName, Expected>; member?: number };
type Call = (name: string, caseName: Caller) => Promise<Cell>;

/**
 * How many of a phase's cells are in flight at once. None of them changes organization A (refusals and reads; B's
 * own organization or locale at most), so their order is free; a few at once keep the database busy while this
 * process checks answers, and both while the other is at work. Well under what waits 30 s for a connection.
 */
const CELLS_AT_ONCE = 6;

/** `run` over every item, CELLS_AT_ONCE at a time; the results in the items' order. */
async function inFlight<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await run(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CELLS_AT_ONCE, items.length) }, worker));
  return results;
}

/** One phase's cells as a table: a row per route or procedure, each cell to send or not ("-", an allowed write). */
type Phase = { rows: { name: string; cells: ({ caseName: Caller; expected: Expected } | null)[] }[] };

/** Sends every cell of the phases at once (CELLS_AT_ONCE at a time); each phase's answers in its table's shape. */
async function sendPhases(phases: Phase[], call: Call): Promise<(Cell | null)[][][]> {
  const jobs = phases.flatMap((phase, p) =>
    phase.rows.flatMap((row, r) =>
      row.cells.flatMap((cell, c) => (cell ? [{ p, r, c, name: row.name, caseName: cell.caseName }] : [])),
    ),
  );
  const answers = await inFlight(jobs, (job) => call(job.name, job.caseName));
  const shaped = phases.map((phase) => phase.rows.map((row) => row.cells.map((): Cell | null => null)));
  jobs.forEach((job, index) => {
    shaped[job.p]![job.r]![job.c] = answers[index]!;
  });
  return shaped;
}

/**
 * Every row × credential case, role case and partner case, sent together: each answer checked against the row's
 * contract, the statuses printed as tables; then organization A found untouched and every row called once as A's
 * member, in the table's order (the matrix's requests were well-formed).
 */
async function runMatrix(
  label: "REST" | "tRPC",
  unit: string,
  table: Record<string, MatrixRow>,
  call: Call,
  need: (name: string) => Need | null,
): Promise<void> {
  const names = Object.keys(table);
  const credentialPhase: Phase = {
    rows: names.map((name) => ({ name, cells: CASES.map((caseName) => ({ caseName, expected: table[name]!.expect[caseName] })) })),
  };
  const scoped = names.filter((name) => need(name) !== null);
  const rolePhase: Phase = {
    rows: scoped.map((name) => ({
      name,
      cells: ROLE_CASES.map((caseName) => {
        const expected = roleCaseExpectation(need(name)!, caseName, table[name]!.member ?? 200);
        return expected === undefined ? null : { caseName, expected };
      }),
    })),
  };
  const partnerPhase: Phase = {
    rows: scoped.map((name) => ({
      name,
      cells: PARTNER_CASES.map((caseName) => {
        const expected = partnerCaseExpectation(name, caseName, table[name]!);
        return expected === undefined ? null : { caseName, expected };
      }),
    })),
  };
  const [credentialCells, roleCells, partnerCells] = await sendPhases([credentialPhase, rolePhase, partnerPhase], call);
  reportCredentialCases(label, unit, credentialPhase, credentialCells!);
  reportRoleCases(label, rolePhase, roleCells!, need);
  reportPartnerCases(label, partnerPhase, partnerCells!);
  await expectOrganizationAUntouched();
  for (const name of names) {
    const cell = await call(name, "member");
    expect.soft(cell.status, `${name} as A's member: ${cell.text.slice(0, 300)}`).toBe(table[name]!.member ?? 200);
  }
  const sent = [credentialCells!, roleCells!, partnerCells!].flat(2).filter((cell) => cell !== null).length;
  console.log(`[authorization-matrix] ${label}: ${sent} cells sent, then ${names.length} as A's member`);
}

/** Every row × credential case: the contract's status and error body, and nothing of A's revealed. */
function reportCredentialCases(label: "REST" | "tRPC", unit: string, phase: Phase, cells: (Cell | null)[][]): void {
  const rows = phase.rows.map((row, r) => {
    row.cells.forEach((planned, c) => checkCell(cells[r]![c]!, planned!.expected));
    return `  ${row.name.padEnd(62)} ${cells[r]!.map((cell) => cell!.status).join(" ")}`;
  });
  console.log(`[authorization-matrix] ${label} statuses per case (${CASES.join(" | ")}):\n${rows.join("\n")}`);
  const count = cells.flat().length;
  console.log(`[authorization-matrix] ${label}: ${phase.rows.length} ${unit} × ${CASES.length} credential cases = ${count} cases`);
  expect(count).toBe(phase.rows.length * CASES.length);
}

/** Every row of A's organization × every role case that is refused, or a read. */
function reportRoleCases(label: "REST" | "tRPC", phase: Phase, cells: (Cell | null)[][], need: (name: string) => Need | null): void {
  let refusals = 0;
  const rows = phase.rows.map((row, r) => {
    const statuses = row.cells.map((planned, c) => {
      const cell = cells[r]![c];
      if (!planned || !cell) return "  -";
      checkStatus(cell, planned.expected);
      if (cell.status === 403) refusals += 1;
      checkRefusalNames(cell, need(row.name)!);
      return String(cell.status).padStart(3);
    });
    return `  ${row.name.padEnd(62)} ${need(row.name)!.role.padEnd(6)} ${statuses.join(" ")}`;
  });
  console.log(
    `[authorization-matrix] ${label} role cases (needs | ${ROLE_CASES.join(" | ")}; - an allowed write):\n${rows.join("\n")}`,
  );
  expect(refusals).toBeGreaterThan(0);
}

/**
 * A role case refused by its role or its key's scope names what it was refused (docs/api.md: "403 naming the role it
 * needs"), as `assertMayDo` does with the operation's name: a REST row's refusal names the operation its declaration
 * says. A key on a session-only row is refused for being a key, in the service's own words.
 */
function checkRefusalNames(cell: Cell, need: Need): void {
  const isKey = ROLE_CASE_LEVEL[cell.caseName as RoleCase].isKey;
  if (cell.status !== 403 || need.operation === undefined || (need.isSessionOnly && isKey)) return;
  const { message } = JSON.parse(cell.text) as { message?: string };
  expect
    .soft(message, `${cell.name} · ${cell.caseName}: the refusal names its declared operation (${need.operation})`)
    .toMatch(new RegExp(`^${OPERATION_NAMES[need.operation]} needs `));
}

/**
 * Every row of A's organization × every partner case: a read open to partners answers as to A's member, without the
 * values of A's sections not granted (the repeater's rows hold the marker); anything else but an allowed write is 403.
 */
function reportPartnerCases(label: "REST" | "tRPC", phase: Phase, cells: (Cell | null)[][]): void {
  let reads = 0;
  const rows = phase.rows.map((row, r) => {
    const statuses = row.cells.map((planned, c) => {
      const cell = cells[r]![c];
      if (!planned || !cell) return "  -";
      checkStatus(cell, planned.expected);
      expect.soft(cell.text, `${row.name} · ${planned.caseName} showed a section not granted`).not.toContain(`${w.marker} row`);
      if (PARTNER_ROWS[row.name] === "read" && cell.status === 200) reads += 1;
      return String(cell.status).padStart(3);
    });
    return `  ${row.name.padEnd(62)} ${statuses.join(" ")}`;
  });
  console.log(`[authorization-matrix] ${label} partner cases (${PARTNER_CASES.join(" | ")}; - an allowed write):\n${rows.join("\n")}`);
  expect(reads).toBe(phase.rows.filter((row) => PARTNER_ROWS[row.name] === "read").length * PARTNER_CASES.length);
}

describe("REST", () => {
  beforeAll(async () => {
    w = (await worlds)[0];
  }, 180_000);

  it("every route × credential case answers as the contract says, reveals nothing of organization A and changes nothing; A's member can use every route", async () => {
    await runMatrix("REST", "route-methods", REST, restCall, restNeed);
  }, 300_000);
});

describe("tRPC", () => {
  beforeAll(async () => {
    w = (await worlds)[1];
  }, 180_000);

  it("every procedure × credential case answers with the contract's status, reveals nothing of organization A and changes nothing; A's member can use every procedure", async () => {
    await runMatrix("tRPC", "procedures", TRPC, trpcCall, trpcNeed);
  }, 300_000);
});
