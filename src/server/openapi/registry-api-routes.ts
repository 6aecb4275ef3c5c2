import { z } from "zod";
import { ZRegistryRecordAnswer, ZRegistryRecordsQuery } from "~/domain/registry-record";
import { ZOrganizationUpdate } from "~/domain/organization-settings";
import { ZOrganization } from "~/domain/identity-schemas";
import type { RestApiRoute } from "~/server/openapi/rest-api-routes";
import { ZItemPath, ZModelPath, ZOrgPath } from "~/server/rest/path-params";

const ORG = "/api/organizations/{orgaId}";
const MODEL = `${ORG}/models/{modelId}`;
const TAG = "EU registry";
const RECORD =
  "The EU DPP registry's registration record of the passport (docs/registry.md; JSON Schema: docs/schemas/eu-registry-record.schema.json), " +
  "with `problems` the registry would refuse that no setting here can fix (a live URL that is not https). A setting missing is 409, " +
  "one issue per setting with where to set it.";

/** The EU registry's settings and records (docs/registry.md). */
export const REGISTRY_API_ROUTES: readonly RestApiRoute[] = [
  {
    method: "patch",
    path: ORG,
    operation: "manageSettings",
    tag: "Organizations",
    summary:
      "Set the organization's settings (EU registry, operator identifiers, languages, signing domain, retention, two-factor sign-in)",
    description:
      "The EU registry settings `economicOperatorId` (EORI, LEI, … at most 50 characters) and `backupBaseUrl` (https, without credentials), null clears one; " +
      "`defaultLanguage` and `publishedLanguages` (BCP 47 tags, stored canonical; the default is one of the published " +
      "languages, docs/languages.md); " +
      "`passportRetentionYears` (1–100), how long a deleted passport's published versions stay readable (docs/versions.md §Retention); shortening it needs a signed-in session (403 for an API key). " +
      "`operatorIdentifiers` replaces the list of typed identifiers `{role, scheme, value, name?, contact?}` (role manufacturer, importer, responsibleOperator or facility; " +
      "scheme EORI, LEI, GLN or VAT, each checked by its rule: a 400 names the rule; docs/registry.md §Operator identifiers). " +
      "`didWebDomain` is the domain new versions are signed under, did:web:{domain} (a signed-in session only; 409 when another organization holds it; docs/versions.md §Signing identity). " +
      "`requireTwoFactor`: members act on the organization only once they sign in with a second factor (docs/security.md §Two-factor); " +
      "changing it needs a signed-in session (403 for an API key), and requiring it a caller who has a second factor (409 otherwise). " +
      "A key left out is kept.",
    params: ZOrgPath,
    body: ZOrganizationUpdate,
    response: ZOrganization,
    errors: [404, 409],
  },
  {
    method: "get",
    path: `${MODEL}/registry-record`,
    operation: "read",
    cache: "private",
    tag: TAG,
    summary: "The registry record of a model's passport",
    description: RECORD,
    params: ZModelPath,
    response: ZRegistryRecordAnswer,
    errors: [404, 409],
  },
  {
    method: "get",
    path: `${MODEL}/items/{itemId}/registry-record`,
    operation: "read",
    cache: "private",
    tag: TAG,
    summary: "The registry record of an item's passport",
    description: RECORD,
    params: ZItemPath,
    response: ZRegistryRecordAnswer,
    errors: [404, 409],
  },
  {
    method: "get",
    path: `${MODEL}/items/registry-records`,
    operation: "read",
    cache: "private",
    tag: TAG,
    summary: "The registry records of a model's items, newest first, at most 100 a page",
    description: RECORD,
    params: ZModelPath,
    query: ZRegistryRecordsQuery,
    response: z.array(ZRegistryRecordAnswer.extend({ itemId: z.string() })),
    responseHeaders: {
      Link: {
        description:
          'The next page, `</api/…?cursor=…>; rel="next"`, keeping the request\'s other parameters; absent on the last page.',
        schema: { type: "string" },
      },
    },
    errors: [404, 409],
  },
];
