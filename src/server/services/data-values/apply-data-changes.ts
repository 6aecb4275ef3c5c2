import { AppError, type Issue } from "~/domain/app-error";
import type { Actor } from "~/domain/actor";
import { changedSectionIds, type TModelChangesRequest, type TRowOrder } from "~/domain/data-changes";
import { dataValueIssue, normalizeDataValue, type TDataValue, type TDataValueInput } from "~/domain/data-value";
import { findDuplicateTriples, requestValueIssues } from "~/domain/data-value-validation";
import { completeRepeaterRows } from "~/domain/repeater-rows";
import { rowPathText } from "~/domain/row-path";
import { innerRowCount, isRepeaterSection, repeaterSectionIds, type OwnerLevel, type TemplateIndex } from "~/domain/template-index";
import { inDefaultLanguage, resolveValueLanguages } from "~/domain/languages/value-languages";
import type { Tx } from "~/server/db/transaction";
import { assertRowLimits } from "~/server/services/data-values/internal/assert-row-limits";
import { assertDataValueCount } from "~/server/services/data-values/assert-data-value-count";
import {
  deleteRows,
  missingRows,
  existingTriples,
  insertDataValues,
  isPlaceTaken,
  type OwnedValue,
  ownedTripleKey,
  renumberRows,
  rowNumbers,
  updateDataValues,
} from "~/server/services/data-values/internal/data-value-sql";
import { assertValid } from "~/server/services/data-values/internal/assert-valid";
import { missingModifiesError, takenAddsError } from "~/server/services/data-values/internal/value-write-errors";
import { ownerLevel, type PassportDataOwner, type PassportDataOwnerDtos } from "~/server/services/internal/passport-data-owner";
import {
  type OwnersWrite,
  writePassportData,
  type WritingOwner,
  writingOwner,
  type WritingOwners,
} from "~/server/services/internal/write-passport-data";
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
 * It is the write of many owners (dataChangesWrite) with one owner.
 */
export async function applyDataChanges<O extends PassportDataOwner>({
  changes,
  part,
  ...target
}: ApplyDataChangesOptions<O>): Promise<PassportDataOwnerDtos[O["kind"]]> {
  return writePassportData(
    { ...target, sectionIds: changedSectionIds(changes), mode: isShared(target.owner, changes) ? "values" : "update" },
    dataChangesWrite([{ ownerId: target.owner.id, changes }], { kind: target.owner.kind, part }),
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

/** One owner's changes in a write: the owner's id, its changes body, and how an error names it among many. */
export type OwnerChanges = {
  ownerId: string;
  changes: TModelChangesRequest;
  /** "Row 52 of the items sheet": put before each error of this owner's; absent for a write of one owner. */
  label?: string;
};

/** An owner's changes once checked against the template: its place among the write's owners and its values. */
type CheckedChanges = OwnerChanges & { owner: number; adds: TDataValue[]; modifies: TDataValue[] };

/**
 * THE write of changes bodies, for one owner (a save, POST, PATCH, DELETE) and for many of one kind and template (the
 * spreadsheet import) alike, for the one write path: what can be checked without the database is checked now (a
 * throw here takes no lock), the rest when the path runs it with the owners locked — each owner's body by the same
 * rules, then every owner's row deletes as one statement, its adds as one (with their rows completed with nulls),
 * each repeater's `maxRows` in one query, its modifies as one, whatever the number of owners; then each owner's
 * reorders and a model's details. Every refusal is the same status and words for one owner and for many; among
 * many, the first owner at fault is named by its label. Answers the owners that changed.
 */
export function dataChangesWrite(
  list: readonly OwnerChanges[],
  { kind, part }: { kind: PassportDataOwner["kind"]; part?: ApplyDataChangesOptions["part"] },
): OwnersWrite {
  const level = ownerLevel({ kind });
  const prepared = list.map(({ changes, label }) =>
    labelledRun(label, () => {
      const changesPrepared = prepareDataChanges(changes, part);
      if (kind === "item" && changes.details !== undefined) {
        throw new AppError("BAD_REQUEST", "An item has no name, description or GTIN; leave out `details`.");
      }
      return changesPrepared;
    }),
  );
  const at = partPaths(part);
  return async (tx, owners, index) => {
    const checked = list.map((entry, i): CheckedChanges => {
      const owner = owners.ids.indexOf(entry.ownerId.toLowerCase());
      if (owner < 0) throw new Error(`Owner ${entry.ownerId} was not locked for the write`);
      return labelledRun(entry.label, () => {
        const { adds, modifies, issues } = resolveLanguages(index, prepared[i] as PreparedDataChanges, owners.defaultLanguage);
        assertValid([...issues, ...dataChangesIssues(index, entry.changes, { adds, modifies, at }, level)]);
        return { ...entry, owner, adds, modifies };
      });
    });
    const changed = new Set<number>([
      ...(await applyRowDeletes(tx, { owners, index }, checked, part === "deleteRow" ? "url" : at.deleteRows)),
      ...(await applyAdds(tx, { owners, index, level }, checked, at.add)),
    ]);
    // Counted after the deletes, so one save may delete a row and add another to a full repeater.
    const labels = new Map(checked.map((entry) => [entry.ownerId, entry.label]));
    const added = checked.flatMap((entry) => ownedBy(entry.owner, entry.adds));
    await assertRowLimits(tx, { kind, ids: owners.ids, labelOf: (id) => labels.get(id) }, index, added, at.add);
    for (const id of await applyModifies(tx, owners, checked, at.modify)) changed.add(owners.ids.indexOf(id));
    for (const entry of checked) {
      const owner = writingOwner(owners, entry.owner);
      const isReordered = await applyReorders(tx, owner, index, entry.changes.reorder ?? []);
      const { details } = entry.changes;
      const isRenamed = details !== undefined && (await applyDetails(tx, owner, details));
      if (isReordered || isRenamed) changed.add(entry.owner);
    }
    return new Set([...changed].map((k) => owners.ids[k] as string));
  };
}

/** Runs a check of one owner's changes, its error named by the owner's label when it has one. */
function labelledRun<T>(label: string | undefined, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw labelled(label, error);
  }
}

/** An error of one owner among many, named: "Row 52 of the items sheet: …". */
function labelled(label: string | undefined, error: unknown): unknown {
  if (label === undefined || !(error instanceof AppError)) return error;
  return new AppError(error.code, `${label}: ${error.message}`, error.issues);
}

type PreparedDataChanges = { adds: TDataValue[]; modifies: TDataValue[]; at: PartPaths };

/**
 * What every write of a changes body checks before the database (a throw here takes no lock): the data-value limit
 * of one write (413), the same triple twice in a part; numbers become decimal strings.
 */
function prepareDataChanges(changes: TModelChangesRequest, part?: ApplyDataChangesOptions["part"]): PreparedDataChanges {
  const at = partPaths(part);
  const addInputs = changes.add ?? [];
  const modifyInputs = changes.modify ?? [];
  assertDataValueCount(addInputs.length + modifyInputs.length);
  return { adds: prepareValues(addInputs, at.add), modifies: prepareValues(modifyInputs, at.modify), at };
}

/** The template's rules on a changes body, once the owner's template is known: values, required, repeaters. */
function dataChangesIssues(
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
function resolveLanguages(
  index: TemplateIndex,
  { adds, modifies, at }: PreparedDataChanges,
  defaultLanguage: string,
): PreparedDataChanges & { issues: Issue[] } {
  const resolvedAdds = resolveValueLanguages(index, adds, defaultLanguage);
  const resolvedModifies = resolveValueLanguages(index, modifies, defaultLanguage);
  const duplicates = [
    ...atPath(newDuplicates(adds, resolvedAdds.values), at.add),
    ...atPath(newDuplicates(modifies, resolvedModifies.values), at.modify),
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

/**
 * The places named twice once languages are resolved; prepareValues has refused any named twice as sent, so only a
 * value whose language changed can make one (at 100,000 values the check costs about 0.1 s, spared when none did).
 */
function newDuplicates(sent: readonly TDataValue[], resolved: readonly TDataValue[]): Issue[] {
  return resolved.some((v, i) => v !== sent[i]) ? findDuplicateTriples(resolved) : [];
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

/**
 * Every owner's row deletes in one statement, after one query for which rows exist: a row is checked as it was before
 * the write, so a row inside another deleted row is no problem. `at` is where the rows sit in the body, or "url" when
 * the request's URL names the one row (then a missing one is 404). Answers the owners (their places) that lost rows.
 */
async function applyRowDeletes(
  tx: Tx,
  { owners, index }: { owners: WritingOwners; index: TemplateIndex },
  checked: readonly CheckedChanges[],
  at: string,
): Promise<number[]> {
  const refs = checked.flatMap((entry) => (entry.changes.deleteRows ?? []).map((ref, i) => ({ entry, ref, i })));
  const rows = refs.map(({ entry, ref: { dataSectionId, row, innerRows } }) => ({
    owner: entry.owner,
    sectionIds: repeaterSectionIds(index, dataSectionId),
    ...(innerRows ? { parent: parentOf([row, ...innerRows.slice(0, -1)]), row: innerRows.at(-1) as number } : { row }),
  }));
  const missing = (await missingRows(tx, owners, rows)).map((j) => refs[j] as (typeof refs)[number]);
  const [culprit] = missing;
  if (culprit) {
    const issues = missing
      .filter(({ entry }) => entry === culprit.entry)
      .map(({ ref, i }): Issue => ({
        path: `${at}[${i}].${ref.innerRows ? "innerRows" : "row"}`,
        message: `Row ${rowPathText(ref)} of this repeater does not exist`,
        dataSectionId: ref.dataSectionId,
        row: ref.row,
        ...(ref.innerRows && { innerRows: ref.innerRows }),
      }));
    const error =
      at === "url"
        ? new AppError("NOT_FOUND", `${issues[0]?.message}.`)
        : new AppError("VALIDATION", "Some rows to delete do not exist; nothing was saved.", issues);
    throw labelled(culprit.entry.label, error);
  }
  await deleteRows(tx, owners, rows);
  return refs.map(({ entry }) => entry.owner);
}

/**
 * The values of owner number `owner` of a write, as OwnedValue: as they are for the first (an absent `owner` is 0,
 * so a write of one owner copies none of its values — 0.2 s at 100,000), each with its owner for the others.
 */
function ownedBy(owner: number, values: readonly TDataValue[]): readonly OwnedValue[] {
  return owner === 0 ? values : values.map((v) => ({ ...v, owner }));
}

/** Every owner's adds in one statement, then the nulls completing their rows in one more; answers the owners that got values. */
async function applyAdds(
  tx: Tx,
  { owners, index, level }: { owners: WritingOwners; index: TemplateIndex; level: OwnerLevel },
  checked: readonly CheckedChanges[],
  at: string,
): Promise<number[]> {
  const adds = checked.flatMap((entry) => ownedBy(entry.owner, entry.adds));
  if (adds.length === 0) return [];
  // The adds' INSERT fails whole on a taken place; the savepoint keeps the transaction usable, and the conflict is then
  // explained by what existed before the adds.
  await tx.$executeRaw`SAVEPOINT before_add`;
  if (!(await insertedAll(tx, owners, adds))) {
    await tx.$executeRaw`ROLLBACK TO SAVEPOINT before_add`;
    const existing = await existingTriples(tx, owners, adds);
    const [issues, entry] = firstAtFault(checked, (e) =>
      e.adds.flatMap((v, i) =>
        existing.has(ownedTripleKey({ ...v, owner: e.owner }))
          ? [dataValueIssue(`${at}[${i}]`, "This data value already exists", v)]
          : [],
      ),
    );
    throw labelled(entry?.label, takenAddsError(issues.length, issues));
  }
  const fills = checked.flatMap((entry) =>
    ownedBy(
      entry.owner,
      inDefaultLanguage(index, completeRepeaterRows(index, entry.adds, level).slice(entry.adds.length), owners.defaultLanguage),
    ),
  );
  await insertDataValues(tx, owners, fills);
  return [...new Set(adds.map((v) => v.owner ?? 0))];
}

/** Inserts every add (a plain INSERT: insertDataValues `fail`); false when a place was taken and nothing was inserted. */
async function insertedAll(tx: Tx, owners: WritingOwners, adds: readonly OwnedValue[]): Promise<boolean> {
  try {
    await insertDataValues(tx, owners, adds, "fail");
    return true;
  } catch (error) {
    if (isPlaceTaken(error)) return false;
    throw error;
  }
}

/** Every owner's modifies in one statement; answers the ids of the owners a value of which really changed. */
async function applyModifies(tx: Tx, owners: WritingOwners, checked: readonly CheckedChanges[], at: string): Promise<string[]> {
  const modifies = checked.flatMap((entry) => ownedBy(entry.owner, entry.modifies));
  if (modifies.length === 0) return [];
  const { matched, changedOwners } = await updateDataValues(tx, owners, modifies);
  if (matched < modifies.length) {
    const found = await existingTriples(tx, owners, modifies);
    const [issues, entry] = firstAtFault(checked, (e) =>
      e.modifies.flatMap((v, i) =>
        found.has(ownedTripleKey({ ...v, owner: e.owner }))
          ? []
          : [dataValueIssue(`${at}[${i}]`, "No such data value; add it with add (POST)", v)],
      ),
    );
    throw labelled(entry?.label, missingModifiesError(issues.length, issues));
  }
  return changedOwners;
}

/** The issues of the first owner that has any, with that owner. */
function firstAtFault(checked: readonly CheckedChanges[], issuesOf: (entry: CheckedChanges) => Issue[]): [Issue[], CheckedChanges?] {
  for (const entry of checked) {
    const issues = issuesOf(entry);
    if (issues.length > 0) return [issues, entry];
  }
  return [[]];
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
