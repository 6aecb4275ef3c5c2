import { storedDataValue } from "~/domain/list-value";
import type { TModel } from "~/domain/model-schema";
import {
  type ValuePlace,
  DESCRIPTION_KEY,
  GTIN_KEY,
  isInsideRow,
  keyAtPath,
  NAME_KEY,
  parseRowListKey,
  parseValueKey,
  placeKey,
  rowListKey,
  rowListOf,
} from "~/components/model-editor/draft-keys";
import { rowPathOf } from "~/domain/row-path";
import {
  freeRowNumber,
  isAscending,
  moveInList,
  rebaseRows,
  rowChangeCount,
  type RowLists,
} from "~/components/model-editor/draft-rows";

export type DraftValue = string | null;
type Listener = () => void;

export type DraftStoreOptions = {
  /** Why a value may not be saved, or undefined when it may. */
  validate: (key: string, value: DraftValue) => string | undefined;
  /** The repeaters a section is or sits in, outermost first (`SectionEntry.repeaterPath`); empty outside repeaters. */
  repeaterPathOf: (sectionId: string) => readonly string[];
};

/**
 * What putting the draft on a newer saved state did to it: edits of values the owner no longer has (dropped), and
 * rows this draft edited that were removed elsewhere, kept as new rows with the edits (`keptRows`, one per row).
 */
export type ApplyResult = { droppedEdits: number; keptRows: number };

/** The draft as a plain value, for keeping it in the browser's storage (`draft-backup.ts`). */
export type DraftSnapshot = { edits: [string, DraftValue][]; rows: [string, number[]][] };

/**
 * The saved state a draft was made on, as far as the draft touches it: the saved value of each edited key (keys
 * without one are left out) and the saved rows of each repeater whose rows the draft changed.
 */
export type DraftBase = { values: [string, DraftValue][]; rows: [string, number[]][] };

/** What the editor holds of its owner: a model (with its name and description) or an item (values only). */
export type EditorOwnerState = Pick<TModel, "version" | "dataValues"> & Partial<Pick<TModel, "name" | "description" | "gtin">>;

/**
 * The editor's state outside React: the saved values (`base`), the user's unsaved edits, and server errors, all
 * keyed by the value's triple. Components subscribe to one key each, so a keystroke re-renders one field and the
 * save bar, never the hundreds of other fields and rows of a large repeater.
 *
 * Rows are part of the draft too: adding, removing, moving or duplicating a row of a repeater changes only its
 * draft row list (`draft-rows.ts`) until Save sends everything in one request; Discard undoes them with the edits.
 * A new row has a number no saved row has; its values are edits at that number. Rows are kept per row list
 * (`rowListKey`): an outermost repeater's rows, or a nested repeater's rows inside one parent row, so every method
 * taking a "repeater" takes a row list key, which for an outermost repeater is its id.
 *
 * Two broadcast channels exist besides the per-key one: `edits` (the number of unsaved changes, whether problems
 * are revealed) and `structure` (rows of repeaters, version, whether a write is running).
 */
export class DraftStore {
  private base = new Map<string, DraftValue>();
  private readonly edits = new Map<string, DraftValue>();
  private readonly serverErrors = new Map<string, string>();
  private readonly revisions = new Map<string, number>();
  private readonly keyListeners = new Map<string, Set<Listener>>();
  private readonly editListeners = new Set<Listener>();
  private readonly structureListeners = new Set<Listener>();
  private readonly changeListeners = new Set<Listener>();
  private savedRows = new Map<string, readonly number[]>();
  private readonly draftRows = new Map<string, readonly number[]>();
  private rowChanges = 0;
  /** `rowChanges` is recounted when read after the rows changed, so a batch of row changes counts once. */
  private isRowCountStale = false;
  /** Open `batch` calls; while one is open, notifications wait for its end (`flush`). */
  private batchDepth = 0;
  private readonly batchedKeys = new Set<string>();
  private readonly batched = { edits: false, structure: false, change: false };
  private revealed = false;
  private busy = false;
  private editRevision = 0;
  private structureRevision = 0;
  version: number;

  constructor(
    model: EditorOwnerState,
    private readonly options: DraftStoreOptions,
  ) {
    this.version = model.version;
    this.applyModel(model);
  }

  // ---- subscriptions (shaped for useSyncExternalStore) ----

  subscribeKey(key: string, listener: Listener): () => void {
    let set = this.keyListeners.get(key);
    if (!set) this.keyListeners.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.keyListeners.delete(key);
    };
  }

  revision(key: string): number {
    return this.revisions.get(key) ?? 0;
  }

  subscribeEdits = (listener: Listener): (() => void) => subscribeTo(this.editListeners, listener);
  editsRevision = (): number => this.editRevision;
  subscribeStructure = (listener: Listener): (() => void) => subscribeTo(this.structureListeners, listener);
  /** Every change of the draft, each keystroke included; for keeping a copy of it (`use-draft-backup.ts`). */
  subscribeChanges = (listener: Listener): (() => void) => subscribeTo(this.changeListeners, listener);
  structureRevisionNumber = (): number => this.structureRevision;

  // ---- reads ----

  value(key: string): DraftValue {
    return this.edits.has(key) ? (this.edits.get(key) ?? null) : (this.base.get(key) ?? null);
  }

  savedValue(key: string): DraftValue {
    return this.base.get(key) ?? null;
  }

  /** What the input shows: no value is an empty input. */
  inputText(key: string): string {
    return this.value(key) ?? "";
  }

  /** Unsaved changes: value edits, and rows added, removed or reordered (`rowChangeCount`). */
  get editCount(): number {
    if (this.isRowCountStale) {
      let count = 0;
      for (const [repeaterId, rows] of this.draftRows) count += rowChangeCount(this.savedRowsOf(repeaterId), rows);
      this.rowChanges = count;
      this.isRowCountStale = false;
    }
    return this.edits.size + this.rowChanges;
  }

  /**
   * Runs `change` as one update: listeners hear of it once, at the end, however many rows and values it changed.
   * Paste, import, fill-down, removing many rows and undoing them go through here, so their cost grows with the rows
   * they touch, not with the rows times every listener's work (a listener may recount the whole draft).
   */
  batch<T>(change: () => T): T {
    this.batchDepth++;
    try {
      return change();
    } finally {
      this.batchDepth--;
      if (this.batchDepth === 0) this.flush();
    }
  }

  get isRevealed(): boolean {
    return this.revealed;
  }

  get isBusy(): boolean {
    return this.busy;
  }

  serverError(key: string): string | undefined {
    return this.serverErrors.get(key);
  }

  /** The problem of an unsaved edit, checked exactly as the server will; saved values are the server's concern. */
  problem(key: string): string | undefined {
    return this.edits.has(key) ? this.options.validate(key, this.edits.get(key) ?? null) : undefined;
  }

  problems(): { key: string; message: string }[] {
    return [...this.edits.keys()].flatMap((key) => {
      const message = this.problem(key);
      return message ? [{ key, message }] : [];
    });
  }

  /** The unsaved edits, in the order they were first made. */
  pendingEdits(): Map<string, DraftValue> {
    return new Map(this.edits);
  }

  /** Row numbers of a repeater in the draft's order; the same array until the rows change. */
  rows(repeaterId: string): readonly number[] {
    return this.draftRows.get(repeaterId) ?? this.savedRows.get(repeaterId) ?? NO_ROWS;
  }

  /** The saved row numbers of a repeater, ascending. */
  savedRowsOf(repeaterId: string): readonly number[] {
    return this.savedRows.get(repeaterId) ?? NO_ROWS;
  }

  /** The repeaters whose rows the draft changed, with their draft rows. */
  changedRows(): RowLists {
    return new Map(this.draftRows);
  }

  isNewRow(repeaterId: string, row: number): boolean {
    const draft = this.draftRows.get(repeaterId);
    return draft !== undefined && setOf(draft).has(row) && !setOf(this.savedRowsOf(repeaterId)).has(row);
  }

  snapshot(): DraftSnapshot {
    return { edits: [...this.edits], rows: [...this.draftRows].map(([id, rows]) => [id, [...rows]]) };
  }

  /** What the draft was made on (`DraftBase`), kept with a copy of it so the copy can be put on a later version. */
  snapshotBase(): DraftBase {
    return {
      values: [...this.edits.keys()].flatMap((key): [string, DraftValue][] =>
        this.base.has(key) ? [[key, this.savedValue(key)]] : [],
      ),
      rows: [...this.draftRows.keys()].map((id) => [id, [...this.savedRowsOf(id)]]),
    };
  }

  /** Every saved value by key. */
  savedValues(): ReadonlyMap<string, DraftValue> {
    return this.base;
  }

  // ---- rows ----

  /** Adds an empty row at position `at` (default: last); returns its row number. */
  insertRow(repeaterId: string, at?: number): number {
    return this.insertRows(repeaterId, 1, at)[0] as number;
  }

  /** Adds `count` empty rows together at position `at` (default: last); returns their row numbers, in order. */
  insertRows(repeaterId: string, count: number, at?: number): number[] {
    const rows = this.rows(repeaterId);
    const first = freeRowNumber(this.savedRowsOf(repeaterId), rows);
    const added = Array.from({ length: count }, (_, i) => first + i);
    const place = Math.max(0, Math.min(at ?? rows.length, rows.length));
    this.setRows(repeaterId, [...rows.slice(0, place), ...added, ...rows.slice(place)]);
    return added;
  }

  /** Removes a row from the draft, and the unsaved edits in it. */
  removeRow(repeaterId: string, row: number): void {
    this.removeRows(repeaterId, [row]);
  }

  /**
   * Removes rows from the draft, and the unsaved edits in them, in one pass over the draft's keys; the draft rows of
   * repeaters nested in them go with them (Save deletes the rows, and so everything inside).
   */
  removeRows(repeaterId: string, rows: readonly number[]): void {
    const removed = new Set(rows);
    for (const key of this.rowKeys(repeaterId, removed)) {
      this.edits.delete(key);
      this.serverErrors.delete(key);
      this.touch(key);
    }
    const list = parseRowListKey(repeaterId);
    for (const nested of [...this.draftRows.keys()]) {
      const inner = parseRowListKey(nested);
      const path = this.options.repeaterPathOf(inner.repeaterId);
      if (
        inner.parentPath.length > list.parentPath.length &&
        [...removed].some((row) => isInsideRow(path, inner.parentPath, list, row))
      )
        this.draftRows.delete(nested);
    }
    this.setRows(
      repeaterId,
      this.rows(repeaterId).filter((r) => !removed.has(r)),
    );
  }

  /** Moves a row to position `to` of the repeater's rows. */
  moveRow(repeaterId: string, row: number, to: number): void {
    this.setRows(repeaterId, moveInList(this.rows(repeaterId), row, to));
  }

  /**
   * Adds a copy of a row right below it, with everything inside it: its own values and its Groups' as edits of the
   * new row, and the rows of the repeaters nested in it, at every level, as the new row's (same numbers, same order,
   * same values; a parent row the draft has no saved rows in takes any numbers). Returns the new row number.
   */
  duplicateRow(repeaterId: string, row: number): number {
    const copy = this.insertRow(repeaterId, this.rows(repeaterId).indexOf(row) + 1);
    const list = parseRowListKey(repeaterId);
    const depth = list.parentPath.length;
    const inCopy = (path: readonly number[]) => path.map((r, i) => (i === depth ? copy : r));
    for (const key of this.rowKeys(repeaterId, new Set([row]))) {
      const place = parseValueKey(key) as ValuePlace;
      const value = this.value(key);
      if (value === null || !this.isInDraftRows(place)) continue;
      const target = keyAtPath(place, inCopy(rowPathOf(place)));
      this.edits.set(target, value);
      this.touch(target);
    }
    for (const nested of new Set([...this.savedRows.keys(), ...this.draftRows.keys()])) {
      const inner = parseRowListKey(nested);
      const path = this.options.repeaterPathOf(inner.repeaterId);
      if (inner.parentPath.length <= depth || !isInsideRow(path, inner.parentPath, list, row)) continue;
      const rows = this.rows(nested);
      if (rows.length > 0) this.draftRows.set(rowListKey(inner.repeaterId, inCopy(inner.parentPath)), rows);
    }
    this.countRowChanges();
    this.emitEdits();
    this.emitStructure();
    return copy;
  }

  /** Whether every row on a value's path is a row of its list in the draft (a removed inner row's values are not). */
  private isInDraftRows(place: ValuePlace): boolean {
    const path = rowPathOf(place);
    const repeaters = this.options.repeaterPathOf(place.dataSectionId);
    return path.every((row, i) => this.rows(rowListKey(repeaters[i] ?? "", path.slice(0, i))).includes(row));
  }

  /** Takes back a saved draft (`snapshot`): its edits and rows on top of the current saved state. */
  restore(snapshot: DraftSnapshot): void {
    // A list back at its saved rows is no change (undo of a duplicated row's inner rows).
    for (const [repeaterId, rows] of snapshot.rows) {
      if (sameRows(rows, this.savedRowsOf(repeaterId))) this.draftRows.delete(repeaterId);
      else this.draftRows.set(repeaterId, rows);
    }
    for (const [key, value] of snapshot.edits) {
      if (this.savedValue(key) === value && this.base.has(key)) continue;
      this.edits.set(key, value);
      this.touch(key);
    }
    this.countRowChanges();
    this.emitEdits();
    this.emitStructure();
  }

  /** Sets a key's draft to a value (a conflict decided for this side); equal to the saved value, it is no edit. */
  setDraft(key: string, value: DraftValue): void {
    if (this.base.has(key) && this.savedValue(key) === value) this.edits.delete(key);
    else this.edits.set(key, value);
    this.serverErrors.delete(key);
    this.touch(key);
    this.emitEdits();
  }

  /** Keeps the saved value of a key instead of the edit (a conflict decided for the other side). */
  revert(key: string): void {
    if (!this.edits.delete(key)) return;
    this.serverErrors.delete(key);
    this.touch(key);
    this.emitEdits();
  }

  // ---- writes ----

  /** Takes what the user typed. An emptied input means "no value", unless the saved value is an empty string. */
  setInput(key: string, text: string): void {
    const saved = this.savedValue(key);
    const next: DraftValue = text === "" && saved !== "" ? null : text;
    const hadError = this.serverErrors.delete(key);
    const wasEdited = this.edits.has(key);
    if (next === saved) this.edits.delete(key);
    else this.edits.set(key, next);
    const isEdited = this.edits.has(key);
    if (!hadError && !isEdited && !wasEdited) return;
    this.touch(key);
    if (wasEdited !== isEdited || hadError) this.emitEdits();
    else this.emitChange();
  }

  /** Shows the problems of every edit, as after a failed save attempt. */
  reveal(): void {
    if (this.revealed) return;
    this.revealed = true;
    for (const key of this.edits.keys()) this.touch(key);
    this.emitEdits();
  }

  discard(): void {
    const affected = new Set([...this.edits.keys(), ...this.serverErrors.keys()]);
    this.edits.clear();
    this.serverErrors.clear();
    this.revealed = false;
    for (const key of affected) this.touch(key);
    const hadRows = this.draftRows.size > 0;
    this.draftRows.clear();
    this.countRowChanges();
    this.emitEdits();
    if (hadRows) this.emitStructure();
  }

  setServerErrors(errors: Map<string, string>): void {
    const affected = new Set([...this.serverErrors.keys(), ...errors.keys()]);
    this.serverErrors.clear();
    for (const [key, message] of errors) this.serverErrors.set(key, message);
    for (const key of affected) this.touch(key);
    this.emitEdits();
  }

  setBusy(busy: boolean): void {
    if (this.busy === busy) return;
    this.busy = busy;
    this.emitStructure();
  }

  /**
   * Makes `model` the saved state. Edits that were sent (`sent`) and still hold the sent value are now saved and
   * leave the drafts; edits made while the request ran stay. The rows that were sent (`sentRows`) are now the saved
   * rows; a reordered repeater was renumbered 0…n-1 by the server, and edits typed meanwhile follow their row.
   * Without `sentRows` (a reload), draft rows are put on top of the new saved rows (`rebaseRows`). Edits equal to the
   * new saved value, or for values the model no longer has (a row removed elsewhere), are dropped; the latter are
   * counted for the user.
   */
  applyModel(model: EditorOwnerState, sent?: ReadonlyMap<string, DraftValue>, sentRows?: RowLists): ApplyResult {
    const previous = this.base;
    const previousRows = this.savedRows;
    let keptRows = new Map<string, Set<number>>();
    const next = new Map<string, DraftValue>();
    if (model.name !== undefined) next.set(NAME_KEY, model.name);
    if (model.description !== undefined) next.set(DESCRIPTION_KEY, model.description);
    // No GTIN is an empty input, as a cleared one sends "".
    if (model.gtin !== undefined) next.set(GTIN_KEY, model.gtin ?? "");
    // The draft keeps a list field's value in its stored form, canonical JSON text (docs/field-options.md §Lists).
    for (const v of model.dataValues) next.set(placeKey(v), storedDataValue(v).value);
    this.base = next;
    this.version = model.version;
    this.recomputeRows();

    const changed = new Set<string>();
    for (const [key, value] of next) if (previous.get(key) !== value || !previous.has(key)) changed.add(key);
    for (const key of previous.keys()) if (!next.has(key)) changed.add(key);

    for (const [key, value] of sent ?? []) {
      if (this.edits.has(key) && this.edits.get(key) === value) {
        this.edits.delete(key);
        this.serverErrors.delete(key);
        changed.add(key);
      }
    }
    if (sentRows) {
      // Deepest lists first, as Save sent their reorders: each names its parent row by the number before renumbering.
      const deepestFirst = [...sentRows].sort(
        ([a], [b]) => parseRowListKey(b).parentPath.length - parseRowListKey(a).parentPath.length,
      );
      for (const [repeaterId, rows] of deepestFirst) {
        this.draftRows.delete(repeaterId);
        if (!isAscending(rows)) this.renumberEdits(repeaterId, new Map(rows.map((row, i) => [row, i])), changed);
      }
    } else {
      keptRows = this.keepEditedRows(previous, previousRows);
      for (const [repeaterId, draft] of [...this.draftRows]) {
        const before = previousRows.get(repeaterId) ?? NO_ROWS;
        const rebased = rebaseRows(before, this.savedRowsOf(repeaterId), draft, keptRows.get(repeaterId));
        if (rebased.rows) this.draftRows.set(repeaterId, rebased.rows);
        else this.draftRows.delete(repeaterId);
        this.renumberEdits(repeaterId, rebased.renumbered, changed);
      }
    }
    let droppedEdits = 0;
    for (const [key, value] of [...this.edits]) {
      const isGone = !next.has(key) && !this.isDraftRowKey(key);
      if (isGone) droppedEdits++;
      if (isGone || (next.has(key) && next.get(key) === value)) {
        this.edits.delete(key);
        this.serverErrors.delete(key);
        changed.add(key);
      }
    }
    if (this.edits.size === 0) this.revealed = false;

    this.countRowChanges();
    for (const key of changed) this.touch(key);
    this.emitEdits();
    this.emitStructure();
    let kept = 0;
    for (const rows of keptRows.values()) kept += rows.size;
    return { droppedEdits, keptRows: kept };
  }

  /**
   * Rows of the draft that the new saved state (`this.base`, `this.savedRows`) no longer has, though the draft edited
   * them: each is kept whole — its other values from the state before (`previous`) become edits too — so the rebase
   * re-adds it as a new row. By repeater.
   */
  private keepEditedRows(previous: ReadonlyMap<string, DraftValue>, previousRows: ReadonlyMap<string, readonly number[]>) {
    const kept = new Map<string, Set<number>>();
    for (const key of this.edits.keys()) {
      const triple = parseValueKey(key);
      const place = triple && this.listOf(triple);
      if (!place) continue;
      const { list: repeaterId, row } = place;
      const wasSaved = setOf(previousRows.get(repeaterId) ?? NO_ROWS).has(row);
      const isSaved = setOf(this.savedRowsOf(repeaterId)).has(row);
      const isInDraft = setOf(this.rows(repeaterId)).has(row) || !this.draftRows.has(repeaterId);
      if (!wasSaved || isSaved || !isInDraft) continue;
      let rows = kept.get(repeaterId);
      if (!rows) kept.set(repeaterId, (rows = new Set()));
      rows.add(row);
    }
    if (kept.size === 0) return kept;
    for (const [key, value] of previous) {
      const triple = parseValueKey(key);
      const place = triple && this.listOf(triple);
      if (!place || !kept.get(place.list)?.has(place.row) || this.edits.has(key)) continue;
      this.edits.set(key, value);
    }
    // A repeater whose rows the draft did not change had no draft rows: its rows before are the draft to rebase.
    for (const repeaterId of kept.keys())
      if (!this.draftRows.has(repeaterId)) this.draftRows.set(repeaterId, previousRows.get(repeaterId) ?? NO_ROWS);
    return kept;
  }

  // ---- internals ----

  private setRows(repeaterId: string, rows: number[]): void {
    if (sameRows(rows, this.savedRowsOf(repeaterId))) this.draftRows.delete(repeaterId);
    else this.draftRows.set(repeaterId, rows);
    this.countRowChanges();
    this.emitEdits();
    this.emitStructure();
  }

  private countRowChanges(): void {
    this.isRowCountStale = true;
  }

  /** The row list a value sits in and its row there (`rowListOf`); undefined outside repeaters. */
  private listOf(place: ValuePlace): { list: string; row: number } | undefined {
    return rowListOf(place, this.options.repeaterPathOf(place.dataSectionId));
  }

  /** Keys of the values of some rows of a row list, saved or edited, in its repeater and everything nested in it. */
  private rowKeys(repeaterId: string, rows: ReadonlySet<number>): string[] {
    const list = parseRowListKey(repeaterId);
    const depth = list.parentPath.length;
    return [...new Set([...this.base.keys(), ...this.edits.keys()])].filter((key) => {
      const triple = parseValueKey(key);
      if (!triple) return false;
      const path = rowPathOf(triple);
      const row = path[depth];
      return row !== undefined && rows.has(row) && isInsideRow(this.options.repeaterPathOf(triple.dataSectionId), path, list, row);
    });
  }

  /** Whether a key is a value of a row the draft added, which the saved state cannot have. */
  private isDraftRowKey(key: string): boolean {
    const triple = parseValueKey(key);
    const place = triple && this.listOf(triple);
    return place !== undefined && this.isNewRow(place.list, place.row);
  }

  /**
   * Moves the edits of a row list's rows to new row numbers (`numbers`: old → new), the edits inside repeaters nested
   * in those rows with them.
   */
  private renumberEdits(repeaterId: string, numbers: ReadonlyMap<number, number>, changed: Set<string>): void {
    if (numbers.size === 0) return;
    const list = parseRowListKey(repeaterId);
    const depth = list.parentPath.length;
    const moved: [string, DraftValue][] = [];
    for (const [key, value] of [...this.edits]) {
      const triple = parseValueKey(key);
      if (!triple) continue;
      const path = rowPathOf(triple);
      const from = path[depth];
      const row = from === undefined ? undefined : numbers.get(from);
      if (
        row === undefined ||
        row === from ||
        !isInsideRow(this.options.repeaterPathOf(triple.dataSectionId), path, list, from as number)
      )
        continue;
      this.edits.delete(key);
      changed.add(key);
      moved.push([keyAtPath(triple, path.with(depth, row)), value]);
    }
    for (const [key, value] of moved) {
      this.edits.set(key, value);
      changed.add(key);
    }
  }

  private recomputeRows(): void {
    const collected = new Map<string, Set<number>>();
    for (const key of this.base.keys()) {
      const triple = parseValueKey(key);
      const place = triple && this.listOf(triple);
      if (!place) continue;
      let rows = collected.get(place.list);
      if (!rows) collected.set(place.list, (rows = new Set()));
      rows.add(place.row);
    }
    const next = new Map<string, readonly number[]>();
    for (const [repeaterId, rows] of collected) {
      const sorted = [...rows].sort((a, b) => a - b);
      const before = this.savedRows.get(repeaterId);
      // Keeping the old array when nothing changed lets repeaters skip re-rendering.
      next.set(repeaterId, before && sameNumbers(before, sorted) ? before : sorted);
    }
    this.savedRows = next;
  }

  private touch(key: string): void {
    this.revisions.set(key, this.revision(key) + 1);
    if (this.batchDepth > 0) this.batchedKeys.add(key);
    else for (const listener of this.keyListeners.get(key) ?? []) listener();
  }

  private emitEdits(): void {
    this.editRevision++;
    if (this.batchDepth > 0) this.batched.edits = true;
    else for (const listener of this.editListeners) listener();
    this.emitChange();
  }

  private emitChange(): void {
    if (this.batchDepth > 0) this.batched.change = true;
    else for (const listener of this.changeListeners) listener();
  }

  private emitStructure(): void {
    this.structureRevision++;
    if (this.batchDepth > 0) this.batched.structure = true;
    else for (const listener of this.structureListeners) listener();
  }

  /** The end of a batch: each listener once, the keys' listeners of each key touched. */
  private flush(): void {
    const keys = [...this.batchedKeys];
    const { edits, structure, change } = this.batched;
    this.batchedKeys.clear();
    this.batched.edits = this.batched.structure = this.batched.change = false;
    for (const key of keys) for (const listener of this.keyListeners.get(key) ?? []) listener();
    if (structure) for (const listener of this.structureListeners) listener();
    if (edits) for (const listener of this.editListeners) listener();
    if (edits || change) for (const listener of this.changeListeners) listener();
  }
}

const NO_ROWS: readonly number[] = Object.freeze([]);

/** Row lists are never changed in place (a change makes a new array), so each one's set is made once. */
const rowSets = new WeakMap<readonly number[], ReadonlySet<number>>();
function setOf(rows: readonly number[]): ReadonlySet<number> {
  let set = rowSets.get(rows);
  if (!set) rowSets.set(rows, (set = new Set(rows)));
  return set;
}

function subscribeTo(set: Set<Listener>, listener: Listener): () => void {
  set.add(listener);
  return () => set.delete(listener);
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}

function sameRows(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((row, i) => row === b[i]);
}
