/**
 * Undo and redo over a list of entries, as editors keep it: recording a new entry drops what was undone; the
 * oldest entries go past `limit`. An entry may absorb the next one (`merge`), so a run of keystrokes in one cell
 * undoes as one step. What an entry holds and how it is applied is the caller's.
 */
export class UndoHistory<E> {
  private readonly done: E[] = [];
  private readonly undone: E[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(private readonly limit = 500) {}

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  /** Called after every change of what can be undone or redone (for buttons that are enabled only then). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** `merge` returns the combined entry when `next` continues the last one, or undefined to keep both. */
  record(entry: E, merge?: (last: E, next: E) => E | undefined): void {
    this.undone.length = 0;
    const last = this.done.at(-1);
    const merged = last !== undefined && merge ? merge(last, entry) : undefined;
    if (merged !== undefined) {
      this.done[this.done.length - 1] = merged;
    } else {
      this.done.push(entry);
      if (this.done.length > this.limit) this.done.shift();
    }
    this.emit();
  }

  /** The entry to revert, now redoable; undefined when there is none. */
  undo(): E | undefined {
    const entry = this.done.pop();
    if (entry !== undefined) this.undone.push(entry);
    this.emit();
    return entry;
  }

  /** The entry to apply again; undefined when there is none. */
  redo(): E | undefined {
    const entry = this.undone.pop();
    if (entry !== undefined) this.done.push(entry);
    this.emit();
    return entry;
  }

  clear(): void {
    this.done.length = 0;
    this.undone.length = 0;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
