import { z } from "zod";
import { ZModel } from "~/domain/model-schema";
import {
  ZDataFieldDraftCreateRequest,
  ZDataFieldDraftUpdateRequest,
  ZDataFieldMoveRequest,
  ZPublishRequest,
  ZPublishResponse,
  ZSectionDraftCreateRequest,
  ZSectionDraftUpdateRequest,
  ZSectionMoveRequest,
  ZTemplateDraft,
  ZTemplateDraftCreateRequest,
  ZTemplateDraftSummary,
  ZTemplateDraftUpdateRequest,
} from "~/domain/template-draft-schema";
import {
  ZModelTemplateStatus,
  ZModelUpgradePreview,
  ZModelUpgradeQuery,
  ZModelUpgradeRequest,
  ZTemplateVersion,
} from "~/domain/template-upgrade";
import { AASX_MEDIA_TYPES, ZAasEnvironmentBody, ZAasImportQuery, ZAasSubmodelsImported, ZAasxBody } from "~/domain/aas/aas-upload";
import type { RestApiRoute } from "~/server/openapi/rest-api-routes";
import { ZDraftFieldPath, ZDraftPath, ZDraftSectionPath, ZModelPath, ZOrgPath, ZTemplatePath } from "~/server/rest/path-params";

/** The template builder's routes (docs/api.md §Template drafts, §Template versions and model upgrades), spread into REST_API_ROUTES. */

const ORG = "/api/organizations/{orgaId}";
const DRAFTS = `${ORG}/template-drafts`;
const DRAFT = `${DRAFTS}/{draftId}`;
const SECTION = `${DRAFT}/sections/{sectionId}`;
const FIELD = `${SECTION}/data-fields/{fieldId}`;
const TAG = "Template drafts";

/** Every draft edit answers the whole draft, its revision as ETag, and takes If-Match. */
const edit = { tag: TAG, response: ZTemplateDraft, versioned: true, ifMatch: true, errors: [404] } as const;

export const TEMPLATE_DRAFT_API_ROUTES: readonly RestApiRoute[] = [
  {
    method: "get",
    path: DRAFTS,
    operation: "read",
    cache: "private",
    tag: TAG,
    summary: "List the organization's template drafts, most recently edited first",
    params: ZOrgPath,
    response: z.array(ZTemplateDraftSummary),
  },
  {
    method: "post",
    path: DRAFTS,
    operation: "manageTemplates",
    tag: TAG,
    summary: "Create a template draft",
    description:
      "From scratch (`name`, …), as a new version of a template (`templateId`) or of a readable product data model " +
      "(`productDataModelId`), keeping every section and field id, or from uploaded template JSON (`definition`, every problem listed).",
    params: ZOrgPath,
    body: ZTemplateDraftCreateRequest,
    status: 201,
    response: ZTemplateDraft,
    versioned: true,
    errors: [404],
  },
  {
    method: "get",
    path: DRAFT,
    operation: "read",
    cache: "private",
    tag: TAG,
    summary: "Get a template draft",
    params: ZDraftPath,
    response: ZTemplateDraft,
    versioned: true,
    errors: [404],
  },
  {
    ...edit,
    method: "patch",
    path: DRAFT,
    operation: "manageTemplates",
    summary: "Change a draft's name, description, sectors or version label",
    params: ZDraftPath,
    body: ZTemplateDraftUpdateRequest,
  },
  {
    ...edit,
    method: "post",
    path: `${DRAFT}/sections`,
    operation: "manageTemplates",
    summary: "Add a section (a Group or a Repeatable; a repeater may not nest inside a repeater)",
    params: ZDraftPath,
    body: ZSectionDraftCreateRequest,
    status: 201,
  },
  {
    ...edit,
    method: "patch",
    path: SECTION,
    operation: "manageTemplates",
    summary: "Change a section",
    params: ZDraftSectionPath,
    body: ZSectionDraftUpdateRequest,
  },
  {
    ...edit,
    method: "delete",
    path: SECTION,
    operation: "manageTemplates",
    summary: "Delete a section with its nested sections and fields",
    params: ZDraftSectionPath,
  },
  {
    ...edit,
    method: "post",
    path: `${SECTION}/move`,
    operation: "manageTemplates",
    summary: "Move a section up or down among its siblings, or under another parent",
    params: ZDraftSectionPath,
    body: ZSectionMoveRequest,
  },
  {
    ...edit,
    method: "post",
    path: `${SECTION}/data-fields`,
    operation: "manageTemplates",
    summary: "Add a data field to a section",
    params: ZDraftSectionPath,
    body: ZDataFieldDraftCreateRequest,
    status: 201,
  },
  {
    ...edit,
    method: "patch",
    path: FIELD,
    operation: "manageTemplates",
    summary: "Change a data field",
    params: ZDraftFieldPath,
    body: ZDataFieldDraftUpdateRequest,
  },
  {
    ...edit,
    method: "delete",
    path: FIELD,
    operation: "manageTemplates",
    summary: "Delete a data field",
    params: ZDraftFieldPath,
  },
  {
    ...edit,
    method: "post",
    path: `${FIELD}/move`,
    operation: "manageTemplates",
    summary: "Move a data field up or down within its section, or to another section",
    params: ZDraftFieldPath,
    body: ZDataFieldMoveRequest,
  },
  {
    ...edit,
    method: "post",
    path: `${DRAFT}/publish`,
    operation: "manageTemplates",
    summary: "Publish the draft as a new template version, and a product data model when a visibility is given",
    description: "400 listing every problem of the draft; 409 when its version label was already published in its lineage.",
    params: ZDraftPath,
    body: ZPublishRequest,
    status: 201,
    response: ZPublishResponse,
    errors: [404, 409],
  },
  {
    method: "get",
    path: `${ORG}/templates/{templateId}/versions`,
    operation: "read",
    cache: "private",
    tag: "Templates",
    summary: "List the versions of a template (its lineage), oldest first",
    params: ZTemplatePath,
    response: z.array(ZTemplateVersion),
    errors: [404],
  },
  {
    method: "get",
    path: `${ORG}/models/{modelId}/template-status`,
    operation: "read",
    cache: "private",
    tag: "Models",
    summary: "The model's template version, and whether a newer version exists",
    params: ZModelPath,
    response: ZModelTemplateStatus,
    errors: [404],
  },
  {
    method: "get",
    path: `${ORG}/models/{modelId}/upgrade`,
    operation: "read",
    cache: "private",
    tag: "Models",
    summary: "Preview an upgrade to a newer template version: the values it would lose",
    params: ZModelPath,
    query: ZModelUpgradeQuery,
    response: ZModelUpgradePreview,
    errors: [404],
  },
  {
    method: "post",
    path: `${ORG}/models/{modelId}/upgrade`,
    operation: "writeData",
    tag: "Models",
    summary: "Upgrade a model and its items to a newer template version, keeping values by section and field id",
    description: "Refused (409, listing them) when a non-null value would be lost: its field removed or its type changed.",
    params: ZModelPath,
    body: ZModelUpgradeRequest,
    response: ZModel,
    versioned: true,
    ifMatch: true,
    errors: [404, 409],
  },
  {
    method: "post",
    path: `${DRAFT}/aas-submodels`,
    operation: "manageTemplates",
    tag: TAG,
    summary: "Add the submodel templates of an AAS environment (JSON or AASX) to the draft",
    description:
      "Each submodel of kind Template becomes a top-level section (docs/aas-import.md). `problems` lists each finding of " +
      "the reference verifier and what the import repaired or skipped (at most 100; `moreProblems` counts the rest). " +
      "400 listing the problems when nothing could be imported; 415 for an AASX whose environment is XML. With `profile`, " +
      "the profile is applied to the draft and its notes come first in `problems`; without one, a note says so when a " +
      "known profile recognises the draft's elements (docs/profiles.md).",
    params: ZDraftPath,
    query: ZAasImportQuery,
    body: ZAasEnvironmentBody,
    bodyContent: {
      "application/json": ZAasEnvironmentBody,
      ...Object.fromEntries(AASX_MEDIA_TYPES.map((type) => [type, ZAasxBody])),
    },
    status: 201,
    response: ZAasSubmodelsImported,
    ifMatch: true,
    errors: [404],
  },
];
