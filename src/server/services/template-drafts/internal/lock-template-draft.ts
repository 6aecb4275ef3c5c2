import { AppError } from "~/domain/app-error";
import type { Tx } from "~/server/db/transaction";

export type LockedDraft = { id: string; lineageId: string; version: number };

/**
 * Locks the organization's draft for the rest of the transaction (404 when it is not there, or another
 * organization's) and checks If-Match (412), so concurrent edits of one draft are serialised and none is lost.
 */
export async function lockTemplateDraft(
  tx: Tx,
  { organizationId, draftId, ifMatch }: { organizationId: string; draftId: string; ifMatch?: number },
): Promise<LockedDraft> {
  const [row] = await tx.$queryRaw<LockedDraft[]>`
    SELECT "id"::text AS "id", "lineageId"::text AS "lineageId", "version" FROM "template_draft"
    WHERE "id" = ${draftId}::uuid AND "organizationId" = ${organizationId} FOR UPDATE`;
  if (!row) throw new AppError("NOT_FOUND", "Template draft not found.");
  if (ifMatch !== undefined && ifMatch !== row.version) {
    throw new AppError(
      "PRECONDITION_FAILED",
      `The template draft has changed since version ${ifMatch} (it is now at version ${row.version}); reload it and try again.`,
    );
  }
  return row;
}
