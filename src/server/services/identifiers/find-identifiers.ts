import type { TUniqueProductIdentifierMatch } from "~/domain/item-schema";
import type { Actor } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import { identifierSelect, toReferenceDto } from "~/server/services/identifiers/internal/identifier-reference";

export type FindIdentifiersOptions = { actor: Actor; organizationId: string; value: string };

/**
 * The organization's identifiers in use with this value, with what each names: a list of at most one, since values
 * are unique per organization, so that a miss is an empty answer rather than an error.
 */
export async function findIdentifiers({
  actor,
  organizationId,
  value,
}: FindIdentifiersOptions): Promise<TUniqueProductIdentifierMatch[]> {
  assertMemberOf(actor, organizationId);
  const rows = await getDb().uniqueProductIdentifier.findMany({
    where: { organizationId, value, retiredAt: null },
    select: identifierSelect,
  });
  return rows.flatMap((row) => {
    const reference = toReferenceDto(row);
    return reference ? [{ uuid: row.uuid, value: row.value, reference }] : [];
  });
}
