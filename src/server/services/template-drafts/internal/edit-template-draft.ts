import type { Actor } from "~/domain/actor";
import { validateDraft } from "~/domain/template-draft-edits";
import type { TemplateDraftDocument, TTemplateDraft } from "~/domain/template-draft-schema";
import { inTransaction } from "~/server/db/transaction";
import { assertMayDo } from "~/server/services/access";
import { readDocument, readTemplateDraft } from "~/server/services/template-drafts/internal/template-draft-dto";
import { lockTemplateDraft } from "~/server/services/template-drafts/internal/lock-template-draft";

export type EditTemplateDraftOptions = {
  actor: Actor;
  organizationId: string;
  draftId: string;
  /** The revision the caller last read (If-Match); the edit is refused if the draft has moved on since. */
  ifMatch?: number;
};

/**
 * The one path of every draft edit: membership (403), the draft locked in its organization (404), If-Match (412),
 * the pure edit, the whole draft validated (every problem listed), then stored. An edit that changes nothing keeps
 * the revision, so other editors' If-Match still holds.
 */
export async function editTemplateDraft(
  { actor, organizationId, draftId, ifMatch }: EditTemplateDraftOptions,
  edit: (document: TemplateDraftDocument) => TemplateDraftDocument,
): Promise<TTemplateDraft> {
  assertMayDo(actor, organizationId, "manageTemplates");
  return inTransaction(async (tx) => {
    await lockTemplateDraft(tx, { organizationId, draftId, ifMatch });
    const row = await tx.templateDraft.findUniqueOrThrow({ where: { id: draftId }, select: { document: true } });
    const before = readDocument(row.document);
    const after = validateDraft(edit(before));
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      await tx.templateDraft.update({
        where: { id: draftId },
        data: { name: after.name, document: after, version: { increment: 1 } },
        select: { id: true },
      });
    }
    const draft = await readTemplateDraft(tx, organizationId, draftId);
    if (!draft) throw new Error(`Template draft ${draftId} vanished inside its own transaction.`);
    return draft;
  });
}
