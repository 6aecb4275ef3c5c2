import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import type { TAccessGrantRead } from "~/domain/passport-schema";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import { toAccessGrantReadDto } from "~/server/services/access-grants/internal/access-grant-dto";

export type ListAccessGrantReadsOptions = { actor: Actor; organizationId: string; modelId: string; grantId: string };

/** How many reads are listed: the most recent ones; the grant's `readCount` counts them all. */
export const MAX_LISTED_READS = 100;

/** The reads of passports through a grant, newest first. */
export async function listAccessGrantReads({
  actor,
  organizationId,
  modelId,
  grantId,
}: ListAccessGrantReadsOptions): Promise<TAccessGrantRead[]> {
  assertMemberOf(actor, organizationId);
  const grant = await getDb().accessGrant.findFirst({ where: { id: grantId, organizationId, modelId }, select: { id: true } });
  if (!grant) throw new AppError("NOT_FOUND", "Access grant not found.");
  const reads = await getDb().accessGrantRead.findMany({
    where: { grantId },
    select: { readAt: true, passportUuid: true },
    orderBy: [{ readAt: "desc" }, { id: "desc" }],
    take: MAX_LISTED_READS,
  });
  return reads.map(toAccessGrantReadDto);
}
