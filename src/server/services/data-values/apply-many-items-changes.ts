import { AppError } from "~/domain/app-error";
import type { TModelChangesRequest } from "~/domain/data-changes";
import { completeRepeaterRows } from "~/domain/repeater-rows";
import { repeaterSectionIds } from "~/domain/template-index";
import { inDefaultLanguage } from "~/domain/value-languages";
import { dataChangesIssues, prepareDataChanges, resolveLanguages } from "~/server/services/data-values/apply-data-changes";
import { assertRowLimits } from "~/server/services/data-values/internal/assert-row-limits";
import { assertValid } from "~/server/services/data-values/internal/assert-valid";
import { type ItemValue, type ManyItemsParts, writeManyItemValues } from "~/server/services/data-values/internal/many-items-sql";
import { missingModifiesError, takenAddsError } from "~/server/services/data-values/internal/value-write-errors";
import type { ManyItemsWrite } from "~/server/services/internal/write-passport-data";

/** One item's changes in a set-based write: row deletes, adds and modifies (no reorder, no details). */
export type ItemChanges = {
  itemId: string;
  changes: Pick<TModelChangesRequest, "deleteRows" | "add" | "modify">;
  /** How an error names the item: "Row 52 of the items sheet". */
  label: string;
};

/**
 * The changes of many items of one model as one set-based write for writeManyItemsDataIn: each item's body checked
 * by the same rules as a single write (prepareDataChanges and dataChangesIssues of apply-data-changes.ts: the limit,
 * duplicates, every value against the template, repeaters), then all items' deletes, adds (rows completed with
 * nulls), modifies, history and versions in one statement (many-items-sql.ts), then each repeater's `maxRows`
 * (assertRowLimits, the single write's check, once for all items), with the single write's errors. The
 * parts of one item must name disjoint places (an added row is not also modified or deleted), as the import's are;
 * an add whose place exists is a 409, a modify whose place does not a 400, and nothing is kept (the caller's
 * transaction fails).
 */
export function manyItemsChangesWrite(items: readonly ItemChanges[]): ManyItemsWrite {
  const prepared = items.map((item) => labelledRun(() => prepareDataChanges(item.changes), item.label));
  return async (tx, writing, index) => {
    const position = new Map(writing.itemIds.map((id, i) => [id, i]));
    const parts: ManyItemsParts = { deletes: [], adds: [], fills: [], modifies: [] };
    for (const [k, item] of items.entries()) {
      const sent = prepared[k];
      const at = position.get(item.itemId);
      if (!sent || at === undefined) throw new Error(`Item ${item.itemId} was not locked for the write`);
      const p = labelledRun(() => resolveLanguages(index, sent, writing.defaultLanguage), item.label);
      const issues = [...p.issues, ...dataChangesIssues(index, item.changes, p, "Item")];
      labelledRun(() => assertValid(issues), item.label);
      const withItem = (v: Omit<ItemValue, "item">): ItemValue => ({ ...v, item: at });
      for (const { dataSectionId, row, innerRows } of item.changes.deleteRows ?? []) {
        for (const s of repeaterSectionIds(index, dataSectionId)) {
          parts.deletes.push({ item: at, dataSectionId: s, row, ...(innerRows && { innerRows }) });
        }
      }
      const completed = completeRepeaterRows(index, p.adds, "Item");
      parts.adds.push(...completed.slice(0, p.adds.length).map(withItem));
      parts.fills.push(...inDefaultLanguage(index, completed.slice(p.adds.length), writing.defaultLanguage).map(withItem));
      parts.modifies.push(...p.modifies.map(withItem));
    }
    const counts = await writeManyItemValues(tx, writing, parts);
    if (counts.takenAdds > 0) throw takenAddsError(counts.takenAdds);
    if (counts.matched < parts.modifies.length) throw missingModifiesError(parts.modifies.length - counts.matched);
    const labelOf = (itemId: string) => items.find((item) => item.itemId === itemId)?.label ?? "An item";
    const added = parts.adds.map((v) => ({ dataSectionId: v.dataSectionId, owner: v.item }));
    await assertRowLimits(tx, { kind: "item", ids: writing.itemIds, labelOf }, index, added, "$.add");
    return counts.changedItems;
  };
}

function labelledRun<T>(run: () => T, label: string): T {
  try {
    return run();
  } catch (error) {
    throw labelled(error, label);
  }
}

/** An error of one item, named: "Row 52 of the items sheet: …". */
function labelled(error: unknown, label: string): unknown {
  if (!(error instanceof AppError)) return error;
  return new AppError(error.code, `${label}: ${error.message}`, error.issues);
}
