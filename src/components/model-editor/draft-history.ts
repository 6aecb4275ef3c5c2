import type { DraftStore, DraftValue } from "~/components/model-editor/draft-store";
import { UndoHistory } from "~/components/model-editor/undo-history";

type CellChange = { key: string; before: DraftValue; after: DraftValue };

type RowListChange = { list: string; before: readonly number[]; after: readonly number[] };

/**
 * One undoable draft change: values before and after, and, when rows were added, removed or moved, each row list it
 * changed before and after — the one acted on, and the lists of nested repeaters inside a removed row, which go with
 * it (row numbers stay the same through undo and redo, so later entries that name a new row's cells still find them).
 */
export type HistoryEntry = {
  cells: CellChange[];
  rows?: RowListChange[];
};

// One history per editor (per store), shared by its repeaters and its card fields, so Ctrl+Z undoes the last change
// wherever it was.
const histories = new WeakMap<DraftStore, UndoHistory<HistoryEntry>>();

/** The form field being edited (a card's, the name, the description): its key, and its value when its edit started. */
type OpenEdit = { key: string; before: DraftValue };
const openEdits = new WeakMap<DraftStore, OpenEdit>();

export function historyOf(store: DraftStore): UndoHistory<HistoryEntry> {
  let history = histories.get(store);
  if (history) return history;
  const created = new UndoHistory<HistoryEntry>();
  histories.set(store, (history = created));
  // A save ends the history: the saved draft is the new start, and a reordered repeater was renumbered 0…n-1, so
  // older entries would name the wrong rows.
  let version = store.version;
  store.subscribeStructure(() => {
    if (store.version === version) return;
    version = store.version;
    created.clear();
    // What the field being edited holds now was saved (or is on top of what was), so its edit starts afresh.
    const open = openEdits.get(store);
    if (open) open.before = store.value(open.key);
  });
  return history;
}

/** Sets a draft to a value; null is an empty input (the store keeps a saved "" as "", as typing would). */
function writeValue(store: DraftStore, key: string, value: DraftValue): void {
  store.setInput(key, value ?? "");
}

/**
 * A field of the form (a card's, the name, the description) took focus. Its input writes the draft on every
 * keystroke, but the history records one step per field edit, when the field is left (`endFieldEdit`), as the table
 * records one per committed cell.
 */
export function beginFieldEdit(store: DraftStore, key: string): void {
  // The history's watch on saves starts with it; a save while this field is open must reach the open edit too.
  historyOf(store);
  commitFieldEdit(store);
  openEdits.set(store, { key, before: store.value(key) });
}

/** The field lost focus: what it changed since it took focus becomes one undoable step. */
export function endFieldEdit(store: DraftStore, key: string): void {
  if (openEdits.get(store)?.key !== key) return;
  commitFieldEdit(store);
  openEdits.delete(store);
}

/** The field being edited, and whether it holds a change the history has not recorded yet. */
export function openFieldEdit(store: DraftStore): { key: string; isChanged: boolean } | undefined {
  const open = openEdits.get(store);
  return open && { key: open.key, isChanged: store.value(open.key) !== open.before };
}

/** Records the open field's change so far as one step (any other change comes after it); the field stays open. */
function commitFieldEdit(store: DraftStore): void {
  const open = openEdits.get(store);
  if (!open) return;
  const after = store.value(open.key);
  if (after === open.before) return;
  historyOf(store).record({ cells: [{ key: open.key, before: open.before, after }] });
  open.before = after;
}

/** Writes cells as one undoable step; cells already holding their value are left out. Returns how many changed. */
export function writeCells(store: DraftStore, writes: readonly { key: string; value: DraftValue }[]): number {
  commitFieldEdit(store);
  const cells = writes
    .map(({ key, value }) => ({ key, before: store.value(key), after: value }))
    .filter(({ before, after }) => (before ?? "") !== (after ?? ""));
  if (cells.length === 0) return 0;
  store.batch(() => {
    for (const { key, after } of cells) writeValue(store, key, after);
  });
  historyOf(store).record({ cells });
  return cells.length;
}

/**
 * Runs a change of a repeater's rows (insert, remove, move, duplicate, and cell writes with them, as a paste that
 * adds rows) as one undoable step: what it did is read from the draft before and after.
 */
export function recordRowChange<T>(store: DraftStore, repeaterId: string, change: () => T): T {
  commitFieldEdit(store);
  const listsBefore = store.changedRows();
  const rowsBefore = store.rows(repeaterId);
  const editsBefore = store.pendingEdits();
  const result = store.batch(change);
  const editsAfter = store.pendingEdits();
  const valueIn = (edits: Map<string, DraftValue>, key: string) => (edits.has(key) ? (edits.get(key) ?? null) : store.savedValue(key));
  const cells: CellChange[] = [];
  // Linear in the draft's edits: a step is read from the draft once before and once after, whatever it did.
  for (const key of new Set([...editsBefore.keys(), ...editsAfter.keys()])) {
    const before = valueIn(editsBefore, key);
    const after = valueIn(editsAfter, key);
    if (before !== after) cells.push({ key, before, after });
  }
  const rows: RowListChange[] = [{ list: repeaterId, before: rowsBefore, after: store.rows(repeaterId) }];
  const listsAfter = store.changedRows();
  for (const [list, before] of listsBefore) {
    if (list !== repeaterId && listsAfter.get(list) !== before) rows.push({ list, before, after: store.rows(list) });
  }
  // Lists the change gave rows of their own (the inner rows of a duplicated row) go back to their saved rows.
  for (const [list, after] of listsAfter) {
    if (list !== repeaterId && !listsBefore.has(list)) rows.push({ list, before: store.savedRowsOf(list), after });
  }
  historyOf(store).record({ cells, rows });
  return result;
}

function apply(store: DraftStore, entry: HistoryEntry, side: "before" | "after"): string[] {
  store.batch(() => {
    if (entry.rows) store.restore({ edits: [], rows: entry.rows.map((change) => [change.list, [...change[side]]]) });
    for (const cell of entry.cells) writeValue(store, cell.key, cell[side]);
  });
  // The open field now holds what the history put there; its own edit starts from that.
  const open = openEdits.get(store);
  if (open) open.before = store.value(open.key);
  return entry.cells.map(({ key }) => key);
}

/**
 * Reverts the last change (a change in the open field not yet recorded first); the keys it touched, or undefined
 * when there was nothing to undo.
 */
export function undo(store: DraftStore): string[] | undefined {
  commitFieldEdit(store);
  const entry = historyOf(store).undo();
  return entry && apply(store, entry, "before");
}

export function redo(store: DraftStore): string[] | undefined {
  // A change not yet recorded is newer than anything undone: recording it leaves nothing to redo, as any change does.
  commitFieldEdit(store);
  const entry = historyOf(store).redo();
  return entry && apply(store, entry, "after");
}

/**
 * What Undo and Redo would do now, as one comparable string ("undo redo", "undo", "redo" or ""), for buttons
 * enabled only when they can act. Typing in the open field not yet recorded is undoable, and leaves nothing to redo
 * (`redo` records it first).
 */
export function historySteps(store: DraftStore): string {
  const history = historyOf(store);
  const isTyping = openFieldEdit(store)?.isChanged === true;
  const steps = [];
  if (isTyping || history.canUndo) steps.push("undo");
  if (!isTyping && history.canRedo) steps.push("redo");
  return steps.join(" ");
}

/** Calls back on every change of `historySteps`: the history's, and the draft's (typing in the open field). */
export function subscribeHistorySteps(store: DraftStore, listener: () => void): () => void {
  const unsubscribeHistory = historyOf(store).subscribe(listener);
  const unsubscribeDraft = store.subscribeChanges(listener);
  return () => {
    unsubscribeHistory();
    unsubscribeDraft();
  };
}
