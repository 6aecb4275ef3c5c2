import { companyPrefixCandidates } from "~/domain/gs1/gs1-company-prefix";
import type { Tx } from "~/server/db/transaction";
import { getDb } from "~/server/db/client";

/**
 * The organization whose verified GS1 company prefix covers this GTIN-14, or null (docs/gs1.md, Who may resolve a
 * GTIN). Prefixes never overlap across organizations (add-gs1-prefix.ts), so at most one does. One look-up on the
 * primary key with the GTIN's nine possible prefixes.
 */
export async function verifiedGtinOwner(gtin14: string, db: Tx = getDb()): Promise<string | null> {
  const row = await db.gs1CompanyPrefix.findFirst({
    where: { prefix: { in: companyPrefixCandidates(gtin14) } },
    select: { organizationId: true },
  });
  return row?.organizationId ?? null;
}
