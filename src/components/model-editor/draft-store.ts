import type { TModel } from "~/domain/model-schema";
import { DESCRIPTION_KEY, NAME_KEY, parseValueKey, valueKey } from "~/components/model-editor/draft-keys";

export type DraftValue = string | null;
type Listener = () => void;

export type DraftStoreOptions = {
  /** Why a value may not be saved, or undefined when it may. */
  validate: (key: string, value: DraftValue) => string | undefined;
  /** The repeater a section is or sits in, null outside repeaters. */
  repeaterOf: (sectionId: string) => string | null;
};

export type ApplyResult = { droppedEdits: number };

/** What the editor holds of its owner: a model (with its name and description) or an item (values only). */
export type EditorOwnerState = Pick<TModel, "version" | "dataValues"> & Partial<Pick<TModel, "name" | "description">>;

/**
 * The editor's state outside React: the saved values (`base`), the user's unsaved edits, and server errors, all
 * keyed by the value's triple. Components subscribe to one key each, so a keystroke re-renders one field and the
 * save bar, never the hundreds of other fields and rows of a large repeater.
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
  private rowsByRepeater = new Map<string, readonly number[]>();
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

  get editCount(): number {
    return this.edits.size;
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

  /** Row numbers of a repeater in ascending order; the same array until the rows change. */
  rows(repeaterId: string): readonly number[] {
    return this.rowsByRepeater.get(repeaterId) ?? NO_ROWS;
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
    this.emitEdits();
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
   * leave the drafts; edits made while the request ran stay. Edits equal to the new saved value, or for values the
   * model no longer has (a row removed elsewhere), are dropped; the latter are counted for the user.
   */
  applyModel(model: EditorOwnerState, sent?: ReadonlyMap<string, DraftValue>): ApplyResult {
    const previous = this.base;
    const next = new Map<string, DraftValue>();
    if (model.name !== undefined) next.set(NAME_KEY, model.name);
    if (model.description !== undefined) next.set(DESCRIPTION_KEY, model.description);
    for (const v of model.dataValues) next.set(valueKey(v.dataSectionId, v.dataFieldId, v.row), v.value);
    this.base = next;
    this.version = model.version;

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
    let droppedEdits = 0;
    for (const [key, value] of [...this.edits]) {
      if (!next.has(key)) droppedEdits++;
      if (!next.has(key) || next.get(key) === value) {
        this.edits.delete(key);
        this.serverErrors.delete(key);
        changed.add(key);
      }
    }
    if (this.edits.size === 0) this.revealed = false;

    this.recomputeRows();
    for (const key of changed) this.touch(key);
    this.emitEdits();
    this.emitStructure();
    return { droppedEdits };
  }

  // ---- internals ----

  private recomputeRows(): void {
    const collected = new Map<string, Set<number>>();
    for (const key of this.base.keys()) {
      const triple = parseValueKey(key);
      if (!triple) continue;
      const repeaterId = this.options.repeaterOf(triple.dataSectionId);
      if (repeaterId === null) continue;
      let rows = collected.get(repeaterId);
      if (!rows) collected.set(repeaterId, (rows = new Set()));
      rows.add(triple.row);
    }
    const next = new Map<string, readonly number[]>();
    for (const [repeaterId, rows] of collected) {
      const sorted = [...rows].sort((a, b) => a - b);
      const before = this.rowsByRepeater.get(repeaterId);
      // Keeping the old array when nothing changed lets repeaters skip re-rendering.
      next.set(repeaterId, before && sameNumbers(before, sorted) ? before : sorted);
    }
    this.rowsByRepeater = next;
  }

  private touch(key: string): void {
    this.revisions.set(key, this.revision(key) + 1);
    for (const listener of this.keyListeners.get(key) ?? []) listener();
  }

  private emitEdits(): void {
    this.editRevision++;
    for (const listener of this.editListeners) listener();
  }

  private emitStructure(): void {
    this.structureRevision++;
    for (const listener of this.structureListeners) listener();
  }
}

const NO_ROWS: readonly number[] = Object.freeze([]);

function subscribeTo(set: Set<Listener>, listener: Listener): () => void {
  set.add(listener);
  return () => set.delete(listener);
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}
