import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import type { TAccessGrantRead } from "~/domain/passport-schema";
import { displayIdentifier } from "~/domain/gs1/gs1-key";
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
  const names = await passportNames(organizationId, [...new Set(reads.map((read) => read.passportUuid))]);
  return reads.map((read) => toAccessGrantReadDto(read, names.get(read.passportUuid) ?? null));
}

/**
 * The names the reads list shows for passports: the model's name, and for an item's passport the model's name and
 * the item's identifier as the item list shows it. One query for the (at most 100) passports of a page of reads.
 */
async function passportNames(organizationId: string, uuids: string[]): Promise<Map<string, string>> {
  const identifiers = await getDb().uniqueProductIdentifier.findMany({
    where: { uuid: { in: uuids }, organizationId },
    select: { uuid: true, value: true, model: { select: { name: true } }, item: { select: { model: { select: { name: true } } } } },
  });
  const names = new Map<string, string>();
  for (const identifier of identifiers) {
    if (identifier.model) names.set(identifier.uuid, identifier.model.name);
    else if (identifier.item) names.set(identifier.uuid, `${identifier.item.model.name} · ${displayIdentifier(identifier.value)}`);
  }
  return names;
}
