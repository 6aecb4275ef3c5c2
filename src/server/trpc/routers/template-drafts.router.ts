/**
 * Procedures (names and inputs are kept stable; the builder UI calls them):
 *   list            { organizationId }                                                     → TTemplateDraftSummary[]
 *   byId            { organizationId, draftId }                                            → TTemplateDraft
 *   create          { organizationId, draft: TTemplateDraftCreateRequest }                 → TTemplateDraft
 *   update          { organizationId, draftId, ifMatch?, patch: TTemplateDraftUpdateRequest } → TTemplateDraft
 *   addSection      { organizationId, draftId, ifMatch?, section: TSectionDraftCreateRequest } → TTemplateDraft
 *   modifySection   { organizationId, draftId, ifMatch?, sectionId, patch: TSectionDraftUpdateRequest } → TTemplateDraft
 *   deleteSection   { organizationId, draftId, ifMatch?, sectionId }                       → TTemplateDraft
 *   moveSection     { organizationId, draftId, ifMatch?, sectionId, move: TSectionMoveRequest } → TTemplateDraft
 *   addDataField    { organizationId, draftId, ifMatch?, sectionId, field: TDataFieldDraftCreateRequest } → TTemplateDraft
 *   modifyDataField { organizationId, draftId, ifMatch?, sectionId, fieldId, patch: TDataFieldDraftUpdateRequest } → TTemplateDraft
 *   deleteDataField { organizationId, draftId, ifMatch?, sectionId, fieldId }              → TTemplateDraft
 *   moveDataField   { organizationId, draftId, ifMatch?, sectionId, fieldId, move: TDataFieldMoveRequest } → TTemplateDraft
 *   publish         { organizationId, draftId, ifMatch?, publication: TPublishRequest }    → TPublishResponse
 *   importAas       { organizationId, draftId, ifMatch?, upload: {kind:"json", environment} | {kind:"aasx", base64}, profile? }
 *                                                                                          → TAasSubmodelsImported
 *   applyProfile    { organizationId, draftId, ifMatch?, profile }                         → { templateDraft, report }
 * `ifMatch` is the draft's `revision`; schemas in src/domain/template-draft-schema.ts and template-draft-inputs.ts.
 */
import {
  ZDraftAddDataFieldInput,
  ZDraftAddSectionInput,
  ZDraftApplyProfileInput,
  ZDraftCreateInput,
  ZDraftDataFieldInput,
  ZDraftImportAasInput,
  ZDraftInput,
  ZDraftListInput,
  ZDraftModifyDataFieldInput,
  ZDraftModifySectionInput,
  ZDraftMoveDataFieldInput,
  ZDraftMoveSectionInput,
  ZDraftPublishInput,
  ZDraftSectionInput,
  ZDraftUpdateInput,
} from "~/domain/template-draft-inputs";
import { addDraftDataField } from "~/server/services/template-drafts/add-draft-data-field";
import { addDraftSection } from "~/server/services/template-drafts/add-draft-section";
import { applyDraftProfile } from "~/server/services/template-drafts/apply-draft-profile";
import { createTemplateDraft } from "~/server/services/template-drafts/create-template-draft";
import { deleteDraftDataField } from "~/server/services/template-drafts/delete-draft-data-field";
import { deleteDraftSection } from "~/server/services/template-drafts/delete-draft-section";
import { importAasSubmodels } from "~/server/services/template-drafts/import-aas-submodels";
import { getTemplateDraft } from "~/server/services/template-drafts/get-template-draft";
import { listTemplateDrafts } from "~/server/services/template-drafts/list-template-drafts";
import { modifyDraftDataField } from "~/server/services/template-drafts/modify-draft-data-field";
import { modifyDraftSection } from "~/server/services/template-drafts/modify-draft-section";
import { moveDraftDataField } from "~/server/services/template-drafts/move-draft-data-field";
import { moveDraftSection } from "~/server/services/template-drafts/move-draft-section";
import { publishTemplateDraft } from "~/server/services/template-drafts/publish-template-draft";
import { updateTemplateDraft } from "~/server/services/template-drafts/update-template-draft";
import { protectedProcedure, router } from "~/server/trpc/trpc";

export const templateDraftsRouter = router({
  list: protectedProcedure.input(ZDraftListInput).query(async ({ ctx, input }) => {
    return await listTemplateDrafts({ actor: ctx.actor, ...input });
  }),
  byId: protectedProcedure.input(ZDraftInput).query(async ({ ctx, input }) => {
    return await getTemplateDraft({ actor: ctx.actor, ...input });
  }),
  create: protectedProcedure.input(ZDraftCreateInput).mutation(async ({ ctx, input }) => {
    return await createTemplateDraft({ actor: ctx.actor, organizationId: input.organizationId, input: input.draft });
  }),
  update: protectedProcedure.input(ZDraftUpdateInput).mutation(async ({ ctx, input: { patch, ...target } }) => {
    return await updateTemplateDraft({ actor: ctx.actor, ...target, input: patch });
  }),
  addSection: protectedProcedure.input(ZDraftAddSectionInput).mutation(async ({ ctx, input: { section, ...target } }) => {
    return await addDraftSection({ actor: ctx.actor, ...target, input: section });
  }),
  modifySection: protectedProcedure.input(ZDraftModifySectionInput).mutation(async ({ ctx, input: { patch, ...target } }) => {
    return await modifyDraftSection({ actor: ctx.actor, ...target, input: patch });
  }),
  deleteSection: protectedProcedure.input(ZDraftSectionInput).mutation(async ({ ctx, input }) => {
    return await deleteDraftSection({ actor: ctx.actor, ...input });
  }),
  moveSection: protectedProcedure.input(ZDraftMoveSectionInput).mutation(async ({ ctx, input: { move, ...target } }) => {
    return await moveDraftSection({ actor: ctx.actor, ...target, input: move });
  }),
  addDataField: protectedProcedure.input(ZDraftAddDataFieldInput).mutation(async ({ ctx, input: { field, ...target } }) => {
    return await addDraftDataField({ actor: ctx.actor, ...target, input: field });
  }),
  modifyDataField: protectedProcedure.input(ZDraftModifyDataFieldInput).mutation(async ({ ctx, input: { patch, ...target } }) => {
    return await modifyDraftDataField({ actor: ctx.actor, ...target, input: patch });
  }),
  deleteDataField: protectedProcedure.input(ZDraftDataFieldInput).mutation(async ({ ctx, input }) => {
    return await deleteDraftDataField({ actor: ctx.actor, ...input });
  }),
  moveDataField: protectedProcedure.input(ZDraftMoveDataFieldInput).mutation(async ({ ctx, input: { move, ...target } }) => {
    return await moveDraftDataField({ actor: ctx.actor, ...target, input: move });
  }),
  publish: protectedProcedure.input(ZDraftPublishInput).mutation(async ({ ctx, input: { publication, ...target } }) => {
    return await publishTemplateDraft({ actor: ctx.actor, ...target, input: publication });
  }),
  importAas: protectedProcedure.input(ZDraftImportAasInput).mutation(async ({ ctx, input: { upload, ...target } }) => {
    const body =
      upload.kind === "json" ? upload : { kind: "aasx" as const, bytes: new Uint8Array(Buffer.from(upload.base64, "base64")) };
    return await importAasSubmodels({ actor: ctx.actor, ...target, upload: body });
  }),
  applyProfile: protectedProcedure.input(ZDraftApplyProfileInput).mutation(async ({ ctx, input }) => {
    return await applyDraftProfile({ actor: ctx.actor, ...input });
  }),
});
