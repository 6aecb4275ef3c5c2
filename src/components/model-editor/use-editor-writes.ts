import { useCallback, useMemo, useState, type SubmitEvent } from "react";
import type { RowLists } from "~/components/model-editor/draft-rows";
import type { DraftStore, DraftValue, EditorOwnerState } from "~/components/model-editor/draft-store";
import { saveRequest, type EditorTarget } from "~/components/model-editor/editor-requests";
import { authorName } from "~/components/history/history-labels";
import { type Conflict, findConflicts, ownerValues } from "~/components/model-editor/conflicts";
import type { DraftBackup } from "~/components/model-editor/draft-backup";
import { rebaseBackup } from "~/components/model-editor/stale-backup";
import { parseValueKey, valueKey } from "~/components/model-editor/draft-keys";
import { focusDraft } from "~/components/model-editor/focus-draft";
import { ownerWrites } from "~/components/model-editor/owner-writes";
import { newRowAt } from "~/domain/repeater-rows";
import type { EditorStatus } from "~/components/model-editor/save-bar";
import { placeServerIssues } from "~/components/model-editor/server-issues";
import { recordRowChange } from "~/components/model-editor/draft-history";
import type { TemplateIndex } from "~/domain/template-index";
import { trpcErrorInfo } from "~/lib/trpc-error-info";
import { trpc } from "~/lib/trpc/react";

export type UseEditorWritesOptions = {
  store: DraftStore;
  index: TemplateIndex;
  target: EditorTarget;
  /** Told the saved name whenever a model answer arrives, for the page heading (an item has none). */
  onSavedName?: (name: string) => void;
};

/**
 * Every write of the editor; what Save sends is built by `editor-requests.ts`. "Add row" and "Remove row" change
 * only the draft; Save sends every change — values, rows added, removed and reordered, name and description — as
 * one atomic request with the model's version as `ifMatch`, and the answer (the whole model) becomes the new saved
 * state without touching edits typed while it ran.
 *
 * A stale version (412) loads the latest model at once: what only the other side changed shows in place, the
 * user's edits stay on top, and each field both sides changed becomes a conflict (`conflicts.ts`) the user decides
 * — keep theirs or yours — before the next Save may run.
 */
export function useEditorWrites({ store, index, target, onSavedName }: UseEditorWritesOptions) {
  const client = trpc.useUtils().client;
  const owner = useMemo(() => ownerWrites(client, target), [client, target]);
  const [status, setStatus] = useState<EditorStatus | null>(null);
  const [isConflict, setIsConflict] = useState(false);
  const [isReloading, setIsReloading] = useState(false);
  const [conflicts, setConflicts] = useState<Conflict[]>([]);
  const noun = target.itemId === undefined ? "model" : "item";

  const applyModel = useCallback(
    (next: EditorOwnerState, sent?: ReadonlyMap<string, DraftValue>, sentRows?: RowLists) => {
      const result = store.applyModel(next, sent, sentRows);
      if (next.name !== undefined) onSavedName?.(next.name);
      return result;
    },
    [store, onSavedName],
  );

  /** Shows why a write failed: issues at their fields, or one message. */
  const showWriteError = useCallback(
    (error: unknown, sentKeys: readonly string[]) => {
      const info = trpcErrorInfo(error);
      const placed = placeServerIssues(info.issues, sentKeys);
      if (placed.byKey.size > 0) {
        store.setServerErrors(placed.byKey);
        focusDraft([...placed.byKey.keys()][0]);
      }
      setStatus({ tone: "error", text: info.message, details: placed.general });
    },
    [store],
  );

  /** Adds an empty row to the draft (at position `at`, default last), one undoable step; undefined when none fits. */
  const addRow = useCallback(
    (repeaterId: string, at?: number) => {
      if (store.isBusy || !newRowAt(index, repeaterId, 0, owner.level)) return undefined;
      setStatus(null);
      return recordRowChange(store, repeaterId, () => store.insertRow(repeaterId, at));
    },
    [owner, store, index],
  );

  const removeRow = useCallback(
    (repeaterId: string, row: number) => {
      if (store.isBusy) return;
      setStatus(null);
      recordRowChange(store, repeaterId, () => store.removeRow(repeaterId, row));
    },
    [store],
  );

  /** Says what a change outside a write did (an undo, a redo), where the writes' outcomes show. */
  const announce = useCallback((text: string) => setStatus({ tone: "info", text }), []);

  /** After a stale write: the latest state becomes the saved state, the user's edits stay on top, conflicts are listed. */
  const reload = async () => {
    setIsReloading(true);
    try {
      const latest = await owner.latest();
      const found = findConflicts(store.pendingEdits(), (key) => store.savedValue(key), ownerValues(latest));
      const { droppedEdits, keptRows } = applyModel(latest);
      setIsConflict(false);
      await showRebased(found, droppedEdits, `Someone else saved this ${noun} meanwhile; their changes are shown.`, keptRows);
    } catch (error) {
      setIsConflict(true);
      setStatus({ tone: "error", text: trpcErrorInfo(error).message });
    } finally {
      setIsReloading(false);
    }
  };

  /**
   * Restores a draft kept from another version (`stale-backup.ts`): what changed since shows in place, and each
   * field both sides changed is a conflict decided before the next Save, exactly as after a refused save.
   */
  const restoreStaleBackup = (backup: DraftBackup) => {
    const rebased = rebaseBackup(backup, {
      values: store.savedValues(),
      savedRowsOf: (repeaterId) => store.savedRowsOf(repeaterId),
      repeaterOf: (sectionId) => index.sections.get(sectionId)?.repeaterId ?? null,
    });
    store.restore(rebased.snapshot);
    void showRebased(
      rebased.conflicts,
      rebased.droppedEdits,
      `These changes were made on an earlier version of this ${noun}; what was saved since is shown.`,
    );
  };

  /** Lists the conflicts of a draft put on a newer saved state and tells the user what happened and what is next. */
  const showRebased = async (found: Conflict[], droppedEdits: number, lead: string, keptRows = 0) => {
    setConflicts(await withAuthors(found));
    const dropped =
      droppedEdits > 0 ? ` ${droppedEdits} edit${droppedEdits === 1 ? " was" : "s were"} in rows removed elsewhere and dropped.` : "";
    // A row this draft edited and someone else removed is kept as a new row with the edits: the user decides.
    const kept =
      keptRows > 0
        ? ` ${keptRows === 1 ? "A row you edited was" : `${keptRows} rows you edited were`} removed elsewhere; ${keptRows === 1 ? "it is" : "they are"} kept here as new, with your edits: save to add ${keptRows === 1 ? "it" : "them"} back, or remove ${keptRows === 1 ? "it" : "them"}.`
        : "";
    const next =
      found.length > 0
        ? ` Choose a value for the ${found.length === 1 ? "field" : `${found.length} fields`} you both changed, then save.`
        : store.editCount > 0
          ? " Your edits are kept on top; review them and save."
          : "";
    setStatus({ tone: "info", text: `${lead}${next}${kept}${dropped}` });
  };

  /** Adds who saved each conflicting value and when; the conflicts still show without them if the history fails. */
  const withAuthors = async (found: Conflict[]): Promise<Conflict[]> => {
    const keys = found.flatMap((c) => parseValueKey(c.key) ?? []);
    if (keys.length === 0) return found;
    try {
      const changes = await owner.latestChanges(keys);
      const byKey = new Map(changes.map((c) => [valueKey(c.dataSectionId, c.dataFieldId, c.row), c]));
      return found.map((c) => {
        const change = byKey.get(c.key);
        return change ? { ...c, changedBy: authorName(change.who), changedAt: change.at } : c;
      });
    } catch {
      return found;
    }
  };

  const chooseConflict = (key: string, choice: "mine" | "theirs") => {
    const conflict = conflicts.find((c) => c.key === key);
    if (!conflict) return;
    if (choice === "theirs") store.revert(key);
    else store.setDraft(key, conflict.mine);
    setConflicts((current) => current.map((c) => (c.key === key ? { ...c, choice } : c)));
  };

  /** Saves the draft; whether everything is saved now (nothing to save counts as saved). */
  const saveDraft = async (): Promise<boolean> => {
    if (store.isBusy) return false;
    const undecided = conflicts.filter((c) => c.choice === undefined).length;
    if (undecided > 0) {
      const count = undecided === 1 ? "the 1 field" : `each of the ${undecided} fields`;
      setStatus({ tone: "error", text: `Choose a value for ${count} changed by both sides; nothing was saved.` });
      document.querySelector<HTMLInputElement>("[data-testid='conflicts'] input[type='radio']")?.focus();
      return false;
    }
    if (store.editCount === 0) {
      setConflicts([]);
      return true;
    }
    const problems = store.problems();
    if (problems.length > 0) {
      store.reveal();
      const count = problems.length === 1 ? "1 field" : `${problems.length} fields`;
      setStatus({ tone: "error", text: `Fix ${count} before saving; nothing was saved.` });
      focusDraft(problems[0]?.key);
      return false;
    }
    const request = saveRequest({
      edits: store.pendingEdits(),
      rows: store.changedRows(),
      savedRows: (repeaterId) => store.savedRowsOf(repeaterId),
      repeaterOf: (sectionId) => index.sections.get(sectionId)?.repeaterId ?? null,
      newRow: (repeaterId, row) => newRowAt(index, repeaterId, row, owner.level) ?? [],
    });
    if (!request) return true;
    setStatus(null);
    store.setBusy(true);
    let isStale = false;
    try {
      const next = await owner.applyChanges(request.changes, store.version);
      applyModel(next, request.sent, request.sentRows);
    } catch (error) {
      isStale = trpcErrorInfo(error).code === "PRECONDITION_FAILED";
      if (!isStale) showWriteError(error, [...request.sent.keys()]);
      return false;
    } finally {
      store.setBusy(false);
      if (isStale) void reload();
    }
    store.setServerErrors(new Map());
    setIsConflict(false);
    setConflicts([]);
    setStatus({ tone: "success", text: "All changes saved." });
    return true;
  };

  const save = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void saveDraft();
  };

  const discard = () => {
    store.discard();
    setConflicts([]);
    setStatus({ tone: "info", text: "Changes discarded." });
  };

  return {
    status,
    isConflict,
    isReloading,
    conflicts,
    chooseConflict,
    addRow,
    removeRow,
    announce,
    save,
    saveDraft,
    discard,
    reload,
    restoreStaleBackup,
  };
}
