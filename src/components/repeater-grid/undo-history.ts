/**
 * Undo and redo over a list of entries, as editors keep it: recording a new entry drops what was undone; the
 * oldest entries go past `limit`. An entry may absorb the next one (`merge`), so a run of keystrokes in one cell
 * undoes as one step. What an entry holds and how it is applied is the caller's.
 */
export class UndoHistory<E> {
  private readonly done: E[] = [];
  private readonly undone: E[] = [];

  constructor(private readonly limit = 500) {}

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  /** `merge` returns the combined entry when `next` continues the last one, or undefined to keep both. */
  record(entry: E, merge?: (last: E, next: E) => E | undefined): void {
    this.undone.length = 0;
    const last = this.done.at(-1);
    const merged = last !== undefined && merge ? merge(last, entry) : undefined;
    if (merged !== undefined) {
      this.done[this.done.length - 1] = merged;
      return;
    }
    this.done.push(entry);
    if (this.done.length > this.limit) this.done.shift();
  }

  /** The entry to revert, now redoable; undefined when there is none. */
  undo(): E | undefined {
    const entry = this.done.pop();
    if (entry !== undefined) this.undone.push(entry);
    return entry;
  }

  /** The entry to apply again; undefined when there is none. */
  redo(): E | undefined {
    const entry = this.undone.pop();
    if (entry !== undefined) this.done.push(entry);
    return entry;
  }

  clear(): void {
    this.done.length = 0;
    this.undone.length = 0;
  }
}
