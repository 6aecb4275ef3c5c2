import type { TItemSummary } from "~/domain/item-schema";

/** An item's name in lists and headings: its first identifier (a serial number, or a generated UUID). */
export function itemLabel(item: Pick<TItemSummary, "id" | "uniqueProductIdentifiers">): string {
  return item.uniqueProductIdentifiers[0]?.value ?? item.id;
}
