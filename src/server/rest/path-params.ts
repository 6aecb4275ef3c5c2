import { z } from "zod";
import { ZUuid } from "~/domain/uuid";

/** Path parameters of the REST routes; every id in a path must be a UUID (400 otherwise). */
export const ZOrgPath = z.object({ orgaId: ZUuid });
export const ZTemplatePath = z.object({ orgaId: ZUuid, templateId: ZUuid });
export const ZModelPath = z.object({ orgaId: ZUuid, modelId: ZUuid });
export const ZProductDataModelPath = z.object({ productDataModelId: ZUuid });
export const ZMemberPath = z.object({ orgaId: ZUuid, userId: ZUuid });
export const ZNoPath = z.object({});
export const ZItemPath = z.object({ orgaId: ZUuid, modelId: ZUuid, itemId: ZUuid });
export const ZIdentifierPath = z.object({ orgaId: ZUuid, uuid: ZUuid });
export const ZPublicIdentifierPath = z.object({ uuid: ZUuid });
export const ZDraftPath = z.object({ orgaId: ZUuid, draftId: ZUuid });
export const ZDraftSectionPath = ZDraftPath.extend({ sectionId: ZUuid });
export const ZDraftFieldPath = ZDraftSectionPath.extend({ fieldId: ZUuid });
export const ZAccessGrantPath = z.object({ orgaId: ZUuid, modelId: ZUuid, grantId: ZUuid });
export const ZPartnerGrantPath = z.object({ orgaId: ZUuid, modelId: ZUuid, grantId: ZUuid });
