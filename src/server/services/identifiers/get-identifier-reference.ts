import { AppError } from "~/domain/app-error";
import type { TUniqueProductIdentifierReference } from "~/domain/item-schema";
import type { Actor } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import { identifierSelect, toReferenceDto } from "~/server/services/identifiers/internal/identifier-reference";

export type GetIdentifierReferenceOptions = { actor: Actor; organizationId: string; uuid: string };

/** The model or item an identifier of the organization names; a retired identifier names nothing (404). */
export async function getIdentifierReference({
  actor,
  organizationId,
  uuid,
}: GetIdentifierReferenceOptions): Promise<TUniqueProductIdentifierReference> {
  assertMemberOf(actor, organizationId);
  const row = await getDb().uniqueProductIdentifier.findFirst({
    where: { uuid, organizationId, retiredAt: null },
    select: identifierSelect,
  });
  const reference = row ? toReferenceDto(row) : undefined;
  if (!reference) throw new AppError("NOT_FOUND", "Unique product identifier not found.");
  return reference;
}
