import type { Operator } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { prefixesOverlap } from "~/domain/gs1/gs1-company-prefix";
import { inTransaction } from "~/server/db/transaction";
import { assertOrganizationExists } from "~/server/services/templates/internal/assert-organization-exists";
import { type Gs1PrefixDto, gs1PrefixDto } from "~/server/services/gs1-prefixes/internal/gs1-prefix-dto";

export type AddGs1PrefixOptions = {
  /** Only the operator vouches for a prefix, after checking the licence (docs/gs1.md). */
  actor: Operator;
  organizationId: string;
  /** Already parsed by ZGs1CompanyPrefix. */
  prefix: string;
  note?: string;
};

/**
 * `cli gs1-prefix:add`: records a GS1 company prefix as verified for an organization, so the public resolver follows
 * its GTINs. A prefix that overlaps another organization's (one begins the other) is a 409: a GTIN must have one
 * owner. The same prefix again for the same organization changes nothing. Serialised by a transaction lock, so two
 * operators adding overlapping prefixes at once cannot both succeed.
 */
export async function addGs1Prefix({ organizationId, prefix, note = "" }: AddGs1PrefixOptions): Promise<Gs1PrefixDto> {
  await assertOrganizationExists(organizationId);
  return inTransaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('gs1-company-prefixes', 0))`;
    const overlapping = (
      await tx.$queryRaw<{ prefix: string; organizationId: string }[]>`
        SELECT "prefix", "organizationId" FROM "gs1_company_prefix"
        WHERE starts_with("prefix", ${prefix}) OR starts_with(${prefix}, "prefix")`
    ).filter((row) => prefixesOverlap(row.prefix, prefix));
    const foreign = overlapping.find((row) => row.organizationId !== organizationId);
    if (foreign) {
      throw new AppError(
        "CONFLICT",
        `The GS1 company prefix ${prefix} overlaps ${foreign.prefix}, verified for organization ${foreign.organizationId}; remove that one first if it was recorded in error.`,
      );
    }
    const row = await tx.gs1CompanyPrefix.upsert({
      where: { prefix },
      create: { prefix, organizationId, note },
      update: {},
    });
    return gs1PrefixDto(row);
  });
}
