import { AppError } from "~/domain/app-error";
import type { TUniqueProductIdentifierMetadata } from "~/domain/item-schema";
import { getDb } from "~/server/db/client";

export type GetIdentifierMetadataOptions = { uuid: string };

/**
 * The organization whose passport an identifier opens. Public by design (a passport viewer calls it without a key):
 * it answers nothing but the organization's id, and only for identifiers in use.
 */
export async function getIdentifierMetadata({ uuid }: GetIdentifierMetadataOptions): Promise<TUniqueProductIdentifierMetadata> {
  const row = await getDb().uniqueProductIdentifier.findFirst({
    where: { uuid, retiredAt: null },
    select: { organizationId: true },
  });
  if (!row) throw new AppError("NOT_FOUND", "Unique product identifier not found.");
  return { organizationId: row.organizationId };
}
