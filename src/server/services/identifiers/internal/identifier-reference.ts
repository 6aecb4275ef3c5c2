import type { TUniqueProductIdentifierReference } from "~/domain/item-schema";
import type { Prisma } from "~/generated/prisma/client";

/** What an identifier row needs to say what it names; retired identifiers name nothing and are never selected. */
export const identifierSelect = {
  uuid: true,
  value: true,
  organizationId: true,
  modelId: true,
  item: { select: { id: true, modelId: true } },
} satisfies Prisma.UniqueProductIdentifierSelect;

export type IdentifierRow = Prisma.UniqueProductIdentifierGetPayload<{ select: typeof identifierSelect }>;

export function toReferenceDto(row: IdentifierRow): TUniqueProductIdentifierReference | undefined {
  if (row.item) {
    return { id: row.item.id, organizationId: row.organizationId, modelId: row.item.modelId, granularityLevel: "Item" };
  }
  if (row.modelId) return { id: row.modelId, organizationId: row.organizationId, granularityLevel: "Model" };
  return undefined;
}
