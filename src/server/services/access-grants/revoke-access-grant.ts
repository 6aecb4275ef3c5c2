import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import type { TAccessGrant } from "~/domain/passport-schema";
import { inTransaction } from "~/server/db/transaction";
import { assertMayDo } from "~/server/services/access";
import { findAccessGrants } from "~/server/services/access-grants/internal/access-grant-dto";
import { recordAuditEvent } from "~/server/services/audit/internal/record-audit-event";

export type RevokeAccessGrantOptions = { actor: Actor; organizationId: string; modelId: string; grantId: string };

/**
 * Revokes a grant for good, effective on the very next read (grants are checked on every read, never cached).
 * Revoking a revoked grant changes nothing and answers it as it is.
 */
export async function revokeAccessGrant({ actor, organizationId, modelId, grantId }: RevokeAccessGrantOptions): Promise<TAccessGrant> {
  assertMayDo(actor, organizationId, "manageAccessGrants");
  return inTransaction(async (tx) => {
    const { count } = await tx.accessGrant.updateMany({
      where: { id: grantId, organizationId, modelId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    const [grant] = await findAccessGrants(tx, { organizationId, modelId, grantId });
    if (!grant) throw new AppError("NOT_FOUND", "Access grant not found.");
    if (count > 0)
      await recordAuditEvent(tx, { organizationId, actor, type: "accessGrant.revoked", subject: grantId, details: { modelId } });
    return grant;
  });
}
