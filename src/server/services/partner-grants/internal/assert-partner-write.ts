import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { GRANT_ENDED_MESSAGE, sectionsOutsideGrant } from "~/domain/partner-grant";
import type { TemplateIndex } from "~/domain/template-index";
import type { Tx } from "~/server/db/transaction";
import { partnerOn } from "~/server/services/access";

/**
 * A partner's write, inside the write's transaction with the owner locked (write-passport-data.ts): the grant is
 * still active — read FOR SHARE, so ending it waits for this write and no write commits after the end — and every
 * section the write touches lies in a granted top-level section (403 naming the others, nothing stored). A write
 * that does not say which sections it touches (a model's name, template or registry settings) is the owner's alone.
 * A member's write passes untouched.
 */
export async function assertPartnerWrite(
  tx: Tx,
  {
    actor,
    organizationId,
    index,
    sectionIds,
  }: { actor: Actor; organizationId: string; index: TemplateIndex; sectionIds?: readonly string[] },
): Promise<void> {
  const partner = partnerOn(actor, organizationId);
  if (!partner) return;
  const [grant] = await tx.$queryRaw<{ sectionIds: string[] }[]>`
    SELECT "sectionIds"::text[] AS "sectionIds" FROM "partner_grant"
    WHERE "id" = ${partner.grantId}::uuid AND "endedAt" IS NULL
    FOR SHARE`;
  if (!grant) throw new AppError("FORBIDDEN", GRANT_ENDED_MESSAGE);
  if (sectionIds === undefined) {
    throw new AppError(
      "FORBIDDEN",
      "A partner organization writes only the values of the sections granted to it; this change is the model's own organization's.",
    );
  }
  const outside = sectionsOutsideGrant(index, grant.sectionIds, sectionIds);
  if (outside.length === 0) return;
  const names = outside.map((id) => `"${index.sections.get(id)?.section.name ?? id}"`).join(", ");
  throw new AppError(
    "FORBIDDEN",
    `Your organization may not write the section${outside.length === 1 ? "" : "s"} ${names} of this model; nothing was saved.`,
    outside.map((id) => ({ path: "$", message: "Not granted to your organization", dataSectionId: id })),
  );
}
