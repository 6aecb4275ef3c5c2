import { displayIdentifier } from "~/domain/gs1/gs1-key";
import type { TItemSummary } from "~/domain/item-schema";

/**
 * An item's name in lists and headings: its first identifier (a serial number, a GS1 key shown as its element
 * string `(01)…(21)…`, or a generated UUID).
 */
export function itemLabel(item: Pick<TItemSummary, "id" | "uniqueProductIdentifiers">): string {
  const value = item.uniqueProductIdentifiers[0]?.value;
  return value === undefined ? item.id : displayIdentifier(value);
}
