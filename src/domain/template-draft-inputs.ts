import { z } from "zod";
import { ZProfileId } from "~/domain/profiles/profiles";
import {
  ZDataFieldDraftCreateRequest,
  ZDataFieldDraftUpdateRequest,
  ZDataFieldMoveRequest,
  ZPublishRequest,
  ZSectionDraftCreateRequest,
  ZSectionDraftUpdateRequest,
  ZSectionMoveRequest,
  ZTemplateDraftCreateRequest,
  ZTemplateDraftUpdateRequest,
} from "~/domain/template-draft-schema";
import { ZUuid } from "~/domain/uuid";

/**
 * Inputs of the tRPC procedures for template drafts and model upgrades: the REST bodies, wrapped with the ids REST
 * carries in its path and the revision REST carries in If-Match.
 */

const ZIfMatch = z.number().int().min(1).optional();

export const ZDraftListInput = z.object({ organizationId: ZUuid });
export const ZDraftInput = z.object({ organizationId: ZUuid, draftId: ZUuid });
export const ZDraftCreateInput = z.object({ organizationId: ZUuid, draft: ZTemplateDraftCreateRequest });
export const ZDraftUpdateInput = ZDraftInput.extend({ ifMatch: ZIfMatch, patch: ZTemplateDraftUpdateRequest });
export const ZDraftAddSectionInput = ZDraftInput.extend({ ifMatch: ZIfMatch, section: ZSectionDraftCreateRequest });
export const ZDraftSectionInput = ZDraftInput.extend({ ifMatch: ZIfMatch, sectionId: ZUuid });
export const ZDraftModifySectionInput = ZDraftSectionInput.extend({ patch: ZSectionDraftUpdateRequest });
export const ZDraftMoveSectionInput = ZDraftSectionInput.extend({ move: ZSectionMoveRequest });
export const ZDraftAddDataFieldInput = ZDraftSectionInput.extend({ field: ZDataFieldDraftCreateRequest });
export const ZDraftDataFieldInput = ZDraftSectionInput.extend({ fieldId: ZUuid });
export const ZDraftModifyDataFieldInput = ZDraftDataFieldInput.extend({ patch: ZDataFieldDraftUpdateRequest });
export const ZDraftMoveDataFieldInput = ZDraftDataFieldInput.extend({ move: ZDataFieldMoveRequest });
export const ZDraftPublishInput = ZDraftInput.extend({ ifMatch: ZIfMatch, publication: ZPublishRequest.default({}) });

export const ZTemplateVersionsInput = z.object({ organizationId: ZUuid, templateId: ZUuid });
export const ZModelUpgradeStatusInput = z.object({ organizationId: ZUuid, modelId: ZUuid });
export const ZModelUpgradeInput = ZModelUpgradeStatusInput.extend({ templateId: ZUuid, ifMatch: ZIfMatch });

/** The builder's AAS upload: the environment's JSON, or an AASX package as base64 (tRPC carries JSON only). */
export const ZDraftImportAasInput = ZDraftInput.extend({
  ifMatch: ZIfMatch,
  upload: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("json"), environment: z.unknown() }),
    z.object({ kind: z.literal("aasx"), base64: z.base64() }),
  ]),
  profile: ZProfileId.optional(),
});

export const ZDraftApplyProfileInput = ZDraftInput.extend({ ifMatch: ZIfMatch, profile: ZProfileId });
