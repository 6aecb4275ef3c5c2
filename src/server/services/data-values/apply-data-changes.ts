import { AppError, type Issue } from "~/domain/app-error";
import type { Actor } from "~/domain/actor";
import { changedSectionIds, type TModelChangesRequest, type TRowOrder, type TRowRef } from "~/domain/data-changes";
import { dataValueIssue, normalizeDataValue, type TDataValue, type TDataValueInput, tripleKey } from "~/domain/data-value";
import { findDuplicateTriples, requestValueIssues } from "~/domain/data-value-validation";
import { completeRepeaterRows } from "~/domain/repeater-rows";
import { rowPathText } from "~/domain/row-path";
import { innerRowCount, isRepeaterSection, repeaterSectionIds, type OwnerLevel, type TemplateIndex } from "~/domain/template-index";
import { inDefaultLanguage, resolveValueLanguages } from "~/domain/value-languages";
import type { Tx } from "~/server/db/transaction";
import { assertRowLimits } from "~/server/services/data-values/internal/assert-row-limits";
import { assertDataValueCount } from "~/server/services/data-values/assert-data-value-count";
import {
  deleteRows,
  missingRows,
  existingTriples,
  insertDataValues,
  renumberRows,
  rowNumbers,
  updateDataValues,
} from "~/server/services/data-values/internal/data-value-sql";
import { assertValid } from "~/server/services/data-values/internal/assert-valid";
import { missingModifiesError, takenAddsError } from "~/server/services/data-values/internal/value-write-errors";
import { ownerLevel, type PassportDataOwner, type PassportDataOwnerDtos } from "~/server/services/internal/passport-data-owner";
import { type PassportDataWrite, writePassportData, type WritingOwner } from "~/server/services/internal/write-passport-data";
import { updateModelProperties } from "~/server/services/models/internal/update-model-properties";

export type ApplyDataChangesOptions<O extends PassportDataOwner = PassportDataOwner> = {
  actor: Actor;
  organizationId: string;
  owner: O;
  /** `details` (name, description, GTIN) only for a model. */
  changes: TModelChangesRequest;
  ifMatch?: number;
  /**
   * Set when the request is one part sent on its own, by the single REST operations (POST, PATCH and DELETE
   * data-values): its issue paths then start at `$` (`$[2].value`, not `$.add[2].value`), and the one row a DELETE
   * names is its URL's resource, so a missing row is a 404 there instead of an issue in a body (docs/api.md).
   */
  part?: "add" | "modify" | "deleteRow";
};

/** Where each part of a request sits, for issue paths: the changes body's keys, or `$` for a part sent alone. */
type PartPaths = { add: string; modify: string; deleteRows: string; reorder: string };

function partPaths(part: ApplyDataChangesOptions["part"]): PartPaths {
  return {
    add: part === "add" ? "$" : "$.add",
    modify: part === "modify" ? "$" : "$.modify",
    deleteRows: part === "deleteRow" ? "$" : "$.deleteRows",
    reorder: "$.reorder",
  };
}

/**
 * A whole save in one transaction: row deletes, then adds (new rows, completed with nulls like POST data-values),
 * then modifies, then each reorder (a repeater's rows renumbered 0…n-1 in the order given), then a model's name and
 * description. Any problem anywhere — a bad value, a missing row, a repeater over its `maxRows`, an incomplete order,
 * a stale If-Match — refuses the whole request and nothing is saved. A request that changes nothing keeps the version.
 */
export async function applyDataChanges<O extends PassportDataOwner>({
  changes,
  part,
  ...target
}: ApplyDataChangesOptions<O>): Promise<PassportDataOwnerDtos[O["kind"]]> {
  return writePassportData(
    { ...target, sectionIds: changedSectionIds(changes), mode: isShared(target.owner, changes) ? "values" : "update" },
    dataChangesWrite({ changes, part, owner: target.owner }),
  );
}

/**
 * A save that only modifies existing values conflicts only on those values: it shares its owner with other such
 * saves (each locks the value rows it writes) instead of queueing behind them. Anything that adds, deletes or moves
 * rows, or changes a model's details, changes what the owner's rows are and takes the owner for itself; so does a
 * save of more than MAX_SHARED_VALUES values, which would lock most of its owner's rows one by one at a cost (a
 * sorted lock of each row before its update) the one row lock does not have.
 */
const MAX_SHARED_VALUES = 1_000;

/**
 * Only a model's saves share it: an item is its own row, so writers of different items never queued, and an item's
 * save may publish its next version (a status change, publishOnStatusChange), which takes the item for itself — two
 * sharing saves of one item would each wait for the other there.
 */
function isShared(owner: PassportDataOwner, changes: TModelChangesRequest): boolean {
  const modified = changes.modify?.length ?? 0;
  return (
    owner.kind === "model" &&
    modified > 0 &&
    modified <= MAX_SHARED_VALUES &&
    (changes.add?.length ?? 0) === 0 &&
    (changes.deleteRows?.length ?? 0) === 0 &&
    (changes.reorder?.length ?? 0) === 0 &&
    changes.details === undefined
  );
}

/**
 * The write of one owner's changes for the one write path: what can be checked without the database is checked
 * now (a throw here takes no lock), the rest when the path runs it with the owner locked. Also used by an operation
 * writing many owners in one transaction (the spreadsheet import).
 */
export function dataChangesWrite({
  changes,
  part,
  owner: target,
}: Pick<ApplyDataChangesOptions, "changes" | "part" | "owner">): PassportDataWrite {
  const prepared = prepareDataChanges(changes, part);
  const { at } = prepared;
  const level = ownerLevel(target);
  if (target.kind === "item" && changes.details !== undefined) {
    throw new AppError("BAD_REQUEST", "An item has no name, description or GTIN; leave out `details`.");
  }
  return async (tx, owner, index) => {
    const { adds, modifies, issues } = resolveLanguages(index, prepared, owner.defaultLanguage);
    assertValid([...issues, ...dataChangesIssues(index, changes, { adds, modifies, at }, level)]);
    const isDeleted = await applyRowDeletes(tx, owner, index, changes.deleteRows ?? [], part === "deleteRow" ? "url" : at.deleteRows);
    const isAdded = await applyAdds(tx, { owner, index, level }, adds, at.add);
    // Counted after the deletes, so one save may delete a row and add another to a full repeater.
    await assertRowLimits(tx, { kind: owner.kind, ids: [owner.id] }, index, adds, at.add);
    const isModified = await applyModifies(tx, owner, modifies, at.modify);
    const isReordered = await applyReorders(tx, owner, index, changes.reorder ?? []);
    const isRenamed = owner.kind === "model" && changes.details !== undefined && (await applyDetails(tx, owner, changes.details));
    return isDeleted || isAdded || isModified || isReordered || isRenamed;
  };
}

export type PreparedDataChanges = { adds: TDataValue[]; modifies: TDataValue[]; at: PartPaths };

/**
 * What every write of a changes body checks before the database (a throw here takes no lock): the data-value limit
 * of one write (413), the same triple twice in a part; numbers become decimal strings. Shared by the set-based
 * write of many items (apply-many-items-changes.ts).
 */
export function prepareDataChanges(changes: TModelChangesRequest, part?: ApplyDataChangesOptions["part"]): PreparedDataChanges {
  const at = partPaths(part);
  const addInputs = changes.add ?? [];
  const modifyInputs = changes.modify ?? [];
  assertDataValueCount(addInputs.length + modifyInputs.length);
  return { adds: prepareValues(addInputs, at.add), modifies: prepareValues(modifyInputs, at.modify), at };
}

/** The template's rules on a changes body, once the owner's template is known: values, required, repeaters. */
export function dataChangesIssues(
  index: TemplateIndex,
  changes: TModelChangesRequest,
  { adds, modifies, at }: PreparedDataChanges,
  level: OwnerLevel,
): Issue[] {
  return [
    // Empty required values are allowed, added or modified: incomplete work may be saved (completeness counts it).
    ...atPath(requestValueIssues(index, changes.add ?? [], adds, level), at.add),
    ...atPath(requestValueIssues(index, changes.modify ?? [], modifies, level), at.modify),
    ...repeaterIssues(index, changes.deleteRows ?? [], at.deleteRows, "innerRows"),
    ...repeaterIssues(index, changes.reorder ?? [], at.reorder, "parentRows"),
  ];
}

/**
 * The values in their languages once the template and the organization's default language are known (a
 * multilingual field's value without one takes the default; value-languages.ts), with an issue for a language on
 * a field that is not multilingual; the same place twice after that (a value without a language and one in the
 * default language) is refused as prepareValues refuses it.
 */
export function resolveLanguages(
  index: TemplateIndex,
  { adds, modifies, at }: PreparedDataChanges,
  defaultLanguage: string,
): PreparedDataChanges & { issues: Issue[] } {
  const resolvedAdds = resolveValueLanguages(index, adds, defaultLanguage);
  const resolvedModifies = resolveValueLanguages(index, modifies, defaultLanguage);
  const duplicates = [
    ...atPath(findDuplicateTriples(resolvedAdds.values), at.add),
    ...atPath(findDuplicateTriples(resolvedModifies.values), at.modify),
  ];
  if (duplicates.length > 0) {
    throw new AppError("VALIDATION", "The request names the same data value more than once.", duplicates);
  }
  return {
    adds: resolvedAdds.values,
    modifies: resolvedModifies.values,
    at,
    issues: [...atPath(resolvedAdds.issues, at.add), ...atPath(resolvedModifies.issues, at.modify)],
  };
}

/** What can be checked before a transaction opens: the same triple twice. Numbers become decimal strings. */
function prepareValues(inputs: readonly TDataValueInput[], prefix: string): TDataValue[] {
  const values = inputs.map(normalizeDataValue);
  const duplicates = findDuplicateTriples(values);
  if (duplicates.length > 0) {
    throw new AppError("VALIDATION", "The request names the same data value more than once.", atPath(duplicates, prefix));
  }
  return values;
}

/** The domain's issues point into one array (`$[3]`); here that array is one part of the body (`$.add[3]`). */
function atPath(issues: Issue[], prefix: string): Issue[] {
  if (prefix === "$") return issues;
  return issues.map((issue) => ({ ...issue, path: `${prefix}${issue.path.slice(1)}` }));
}

/**
 * A row reference names a repeater of the template and, for a nested one, the row around it: a deleted row by
 * `innerRows` (one per repeater below the outermost, its own last), a reorder by `parentRows` (the parent row's path).
 */
function repeaterIssues(
  index: TemplateIndex,
  refs: readonly ({ dataSectionId: string } & Partial<Record<"innerRows" | "parentRows", number[]>>)[],
  prefix: string,
  key: "innerRows" | "parentRows",
): Issue[] {
  return refs.flatMap((ref, i): Issue[] => {
    if (!isRepeaterSection(index, ref.dataSectionId)) {
      return [{ path: `${prefix}[${i}].dataSectionId`, message: "Must be the id of a Repeatable section of the template" }];
    }
    // Both name one row per repeater around this one, below the outermost: the deleted row's own last, or the parent's.
    const wanted = innerRowCount(index, ref.dataSectionId);
    if ((ref[key]?.length ?? 0) === wanted) return [];
    const message =
      wanted === 0
        ? `${key} must be left out: this repeater is not inside another`
        : `${key} must name ${wanted} row${wanted === 1 ? "" : "s"}: this repeater sits inside ${wanted} other${wanted === 1 ? "" : "s"}`;
    return [{ path: `${prefix}[${i}].${key}`, message, dataSectionId: ref.dataSectionId }];
  });
}

/** The rows of one repeater named by a request, grouped by the row around them (one scope each). */
/** A parent row's path as a scope's `parent`: its outermost row and its inner rows. */
function parentOf(path: readonly number[]): { row: number; innerRows: number[] } {
  const [row = 0, ...innerRows] = path;
  return { row, innerRows };
}

/** `at` is where the rows sit in the body, or "url" when the request's URL names the one row (then a missing one is 404). */
async function applyRowDeletes(
  tx: Tx,
  owner: WritingOwner,
  index: TemplateIndex,
  refs: readonly TRowRef[],
  at: string,
): Promise<boolean> {
  // Which rows exist is asked once for every row list named, and all of them go in one statement (set-based, as the
  // value writes): a row is checked as it was before the write, so a row inside another deleted row is no problem.
  const rows = refs.map(({ dataSectionId, row, innerRows }) => ({
    sectionIds: repeaterSectionIds(index, dataSectionId),
    ...(innerRows ? { parent: parentOf([row, ...innerRows.slice(0, -1)]), row: innerRows.at(-1) as number } : { row }),
  }));
  const issues: Issue[] = (await missingRows(tx, owner, rows)).map((i) => {
    const ref = refs[i] as TRowRef;
    return {
      path: `${at}[${i}].${ref.innerRows ? "innerRows" : "row"}`,
      message: `Row ${rowPathText(ref)} of this repeater does not exist`,
      dataSectionId: ref.dataSectionId,
      row: ref.row,
      ...(ref.innerRows && { innerRows: ref.innerRows }),
    };
  });
  const [first] = issues;
  if (first && at === "url") throw new AppError("NOT_FOUND", `${first.message}.`);
  if (first) throw new AppError("VALIDATION", "Some rows to delete do not exist; nothing was saved.", issues);
  await deleteRows(tx, owner, rows);
  return refs.length > 0;
}

async function applyAdds(
  tx: Tx,
  { owner, index, level }: { owner: WritingOwner; index: TemplateIndex; level: OwnerLevel },
  adds: TDataValue[],
  at: string,
): Promise<boolean> {
  if (adds.length === 0) return false;
  // A savepoint lets a conflict be explained by what existed before the adds, not by what they just inserted.
  await tx.$executeRaw`SAVEPOINT before_add`;
  const inserted = await insertDataValues(tx, owner, adds);
  if (inserted < adds.length) {
    await tx.$executeRaw`ROLLBACK TO SAVEPOINT before_add`;
    const taken = await existingTriples(tx, owner, adds);
    throw takenAddsError(
      taken.size,
      adds.flatMap((v, i) => (taken.has(tripleKey(v)) ? [dataValueIssue(`${at}[${i}]`, "This data value already exists", v)] : [])),
    );
  }
  const fills = completeRepeaterRows(index, adds, level).slice(adds.length);
  await insertDataValues(tx, owner, inDefaultLanguage(index, fills, owner.defaultLanguage));
  return true;
}

async function applyModifies(tx: Tx, owner: WritingOwner, modifies: TDataValue[], at: string): Promise<boolean> {
  if (modifies.length === 0) return false;
  const { matched, changed } = await updateDataValues(tx, owner, modifies);
  if (matched < modifies.length) {
    const found = await existingTriples(tx, owner, modifies);
    const missing = modifies.flatMap((v, i) =>
      found.has(tripleKey(v)) ? [] : [dataValueIssue(`${at}[${i}]`, "No such data value; add it with add (POST)", v)],
    );
    throw missingModifiesError(missing.length, missing);
  }
  return changed > 0;
}

async function applyReorders(tx: Tx, owner: WritingOwner, index: TemplateIndex, orders: readonly TRowOrder[]): Promise<boolean> {
  let isChanged = false;
  for (const [i, { dataSectionId, parentRows, rows }] of orders.entries()) {
    const scope = { sectionIds: repeaterSectionIds(index, dataSectionId), ...(parentRows && { parent: parentOf(parentRows) }) };
    const existing = await rowNumbers(tx, owner, scope);
    const given = new Set(rows);
    if (given.size !== rows.length || given.size !== existing.length || existing.some((row) => !given.has(row))) {
      throw new AppError("VALIDATION", "A new row order must list every row of its repeater once; nothing was saved.", [
        {
          path: `$.reorder[${i}].rows`,
          message: `Must list each of the repeater's rows once, after the deletes and adds: ${existing.join(", ") || "none"}`,
          dataSectionId,
        },
      ]);
    }
    const moved = rows.flatMap((row, to) => (row === to ? [] : [{ row, to }]));
    await renumberRows(
      tx,
      owner,
      scope,
      moved.map((m) => m.row),
      moved.map((m) => m.to),
    );
    isChanged ||= moved.length > 0;
  }
  return isChanged;
}

async function applyDetails(tx: Tx, owner: WritingOwner, details: NonNullable<TModelChangesRequest["details"]>): Promise<boolean> {
  const description = details.description === null ? "" : details.description;
  const properties = { name: details.name, description, gtin: details.gtin, gtinPath: "$.details.gtin", templateId: owner.templateId };
  return (await updateModelProperties(tx, owner, properties)) > 0;
}
