import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import type { TPartnerGrant } from "~/domain/partner-grant";
import { inTransaction } from "~/server/db/transaction";
import { assertMayDo } from "~/server/services/access";
import { recordAuditEvent } from "~/server/services/audit/internal/record-audit-event";
import { findPartnerGrants } from "~/server/services/partner-grants/internal/partner-grant-dto";

export type EndPartnerGrantOptions = { actor: Actor; organizationId: string; modelId: string; grantId: string };

/**
 * Ends a grant for good: the partner's next read and next write are refused (403). The update waits for a partner's
 * write in progress, which holds the grant's row (assert-partner-write.ts), so none commits after the grant ended.
 * Ending an ended grant changes nothing and answers it as it is.
 */
export async function endPartnerGrant({ actor, organizationId, modelId, grantId }: EndPartnerGrantOptions): Promise<TPartnerGrant> {
  assertMayDo(actor, organizationId, "managePartnerGrants");
  return inTransaction(async (tx) => {
    const { count } = await tx.partnerGrant.updateMany({
      where: { id: grantId, organizationId, modelId, endedAt: null },
      data: { endedAt: new Date(), endedBy: actor.userId },
    });
    // Ending an ended grant changes nothing, and records nothing.
    if (count > 0)
      await recordAuditEvent(tx, { organizationId, actor, type: "partnerGrant.ended", subject: grantId, details: { modelId } });
    const [grant] = await findPartnerGrants(tx, { organizationId, modelId, grantId });
    if (!grant) throw new AppError("NOT_FOUND", "Partner grant not found.");
    return grant;
  });
}
