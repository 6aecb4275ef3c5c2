import { useTranslations } from "next-intl";
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState, type SubmitEvent } from "react";
import type { RowLists } from "~/components/model-editor/draft-rows";
import type { DraftStore, DraftValue, EditorOwnerState } from "~/components/model-editor/draft-store";
import { saveRequest, type EditorTarget } from "~/components/model-editor/editor-requests";
import { type Conflict, findConflicts, ownerValues } from "~/components/model-editor/conflicts";
import type { DraftBackup } from "~/components/model-editor/draft-backup";
import { rebaseBackup } from "~/components/model-editor/stale-backup";
import { focusDraft } from "~/components/model-editor/focus-draft";
import { ownerWrites, type OwnerWrites } from "~/components/model-editor/owner-writes";
import { rebaseNotice, withAuthors, type RebaseOutcome } from "~/components/model-editor/rebase-notice";
import { newRowAt } from "~/domain/repeater-rows";
import { splitRowPath } from "~/domain/row-path";
import { parseRowListKey } from "~/components/model-editor/draft-keys";
import type { EditorStatus } from "~/components/model-editor/save-bar";
import { placeServerIssues } from "~/components/model-editor/server-issues";
import { recordRowChange } from "~/components/model-editor/draft-history";
import type { TemplateIndex } from "~/domain/template-index";
import { inDefaultLanguage, type EditorLanguages, type LanguagesOf } from "~/components/model-editor/editor-languages";
import { onSessionRestored } from "~/lib/session-state";
import { trpcErrorInfo } from "~/lib/trpc-error-info";
import { trpc } from "~/lib/trpc/react";

export type UseEditorWritesOptions = {
  store: DraftStore;
  index: TemplateIndex;
  target: EditorTarget;
  languages: EditorLanguages;
  languagesOf: LanguagesOf;
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
export function useEditorWrites({ store, index, target, languages, languagesOf, onSavedName }: UseEditorWritesOptions) {
  const t = useTranslations("editor");
  const historyText = useTranslations("history");
  const client = trpc.useUtils().client;
  const owner = useMemo(() => ownerWrites(client, target), [client, target]);
  const [status, setStatus] = useState<EditorStatus | null>(null);
  const [isConflict, setIsConflict] = useState(false);
  const [isReloading, setIsReloading] = useState(false);
  const [conflicts, setConflicts] = useState<Conflict[]>([]);
  /** A save refused because the session ended: it runs again once the member signs in in place. */
  const saveAfterSignIn = useRef(false);
  const ownerKind = target.itemId === undefined ? "model" : "item";

  const applyModel = useCallback(
    (next: EditorOwnerState, sent?: ReadonlyMap<string, DraftValue>, sentRows?: RowLists) => {
      const result = store.applyModel(next, sent, sentRows);
      if (next.name !== undefined) onSavedName?.(next.name);
      return result;
    },
    [store, onSavedName],
  );

  const { addRow, removeRow } = useRowWrites(store, index, owner, setStatus);

  // "Could not reach the server" is about the connection, not the draft: once the browser is online again it no
  // longer holds, so it goes (the draft is kept; Save sends it). Other messages stay until the next write.
  useEffect(() => {
    const onOnline = () => setStatus((current) => (current?.isNetworkFailure ? null : current));
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, []);

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
      await showRebased(found, droppedEdits, "reload", keptRows);
    } catch (error) {
      setIsConflict(true);
      setStatus(failureStatus(error));
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
      savedRowsOf: (list) => store.savedRowsOf(list),
      repeaterPathOf: (sectionId) => index.sections.get(sectionId)?.repeaterPath ?? [],
    });
    store.restore(rebased.snapshot);
    void showRebased(rebased.conflicts, rebased.droppedEdits, "backup");
  };

  /** Lists the conflicts of a draft put on a newer saved state and tells the user what happened and what is next. */
  const showRebased = async (found: Conflict[], droppedEdits: number, origin: RebaseOutcome["origin"], keptRows = 0) => {
    setConflicts(await withAuthors(owner, found, historyText));
    const hasEdits = store.editCount > 0;
    const outcome = { owner: ownerKind, origin, conflicts: found.length, droppedEdits, keptRows, hasEdits } as const;
    setStatus({ tone: "info", text: rebaseNotice(t, outcome) });
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
    const refusal = saveRefusal(t, store, conflicts);
    if (refusal) {
      setStatus({ tone: "error", text: refusal.text });
      refusal.focus();
      return false;
    }
    if (store.editCount === 0) {
      setConflicts([]);
      return true;
    }
    const request = saveRequest({
      edits: store.pendingEdits(),
      rows: store.changedRows(),
      savedRows: (list) => store.savedRowsOf(list),
      repeaterPathOf: (sectionId) => index.sections.get(sectionId)?.repeaterPath ?? [],
      isSaved: (key) => store.savedValues().has(key),
      newRow: (repeaterId, path) => {
        const { row, innerRows } = splitRowPath(path);
        const values = newRowAt(index, repeaterId, row, owner.level, innerRows) ?? [];
        return inDefaultLanguage(values, languagesOf, languages.defaultLanguage);
      },
    });
    if (!request) return true;
    setStatus(null);
    store.setBusy(true);
    let isStale = false;
    try {
      const next = await owner.applyChanges(request.changes, store.version);
      applyModel(next, request.sent, request.sentRows);
    } catch (error) {
      const code = trpcErrorInfo(error).code;
      isStale = code === "PRECONDITION_FAILED";
      // The session ended: the edits stay, the in-place sign-in opens (session-state.ts), and the save runs again.
      saveAfterSignIn.current = code === "UNAUTHORIZED";
      if (code === "UNAUTHORIZED") setStatus({ tone: "error", text: t("sessionEnded") });
      else if (!isStale) setStatus(showWriteError(store, error, [...request.sent.keys()]));
      return false;
    } finally {
      store.setBusy(false);
      if (isStale) void reload();
    }
    store.setServerErrors(new Map());
    setIsConflict(false);
    setConflicts([]);
    setStatus({ tone: "success", text: t("saved") });
    return true;
  };

  useSaveAfterSignIn(saveAfterSignIn, saveDraft);

  const save = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void saveDraft();
  };

  const discard = () => {
    store.discard();
    setConflicts([]);
    setStatus({ tone: "info", text: t("discarded") });
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

/** Runs `saveDraft` again when the session is restored in place, if a save was refused for want of it. */
function useSaveAfterSignIn(isWaiting: RefObject<boolean>, saveDraft: () => Promise<boolean>): void {
  const saveRef = useRef(saveDraft);
  useEffect(() => {
    saveRef.current = saveDraft;
  });
  useEffect(
    () =>
      onSessionRestored(() => {
        if (!isWaiting.current) return;
        isWaiting.current = false;
        void saveRef.current();
      }),
    [isWaiting],
  );
}

/**
 * "Add row" and "Remove row" of a row list (`rowListKey`: a repeater's rows, or a nested one's in one parent row):
 * draft changes only, each one undoable step, none while a write runs.
 */
function useRowWrites(store: DraftStore, index: TemplateIndex, owner: OwnerWrites, setStatus: (status: null) => void) {
  /** Adds an empty row to the draft (at position `at`, default last); undefined when none fits. */
  const addRow = useCallback(
    (repeaterId: string, at?: number) => {
      if (store.isBusy || !newRowAt(index, parseRowListKey(repeaterId).repeaterId, 0, owner.level)) return undefined;
      setStatus(null);
      return recordRowChange(store, repeaterId, () => store.insertRow(repeaterId, at));
    },
    [owner, store, index, setStatus],
  );
  const removeRow = useCallback(
    (repeaterId: string, row: number) => {
      if (store.isBusy) return;
      setStatus(null);
      recordRowChange(store, repeaterId, () => store.removeRow(repeaterId, row));
    },
    [store, setStatus],
  );
  return { addRow, removeRow };
}

type RefusalText = (key: "chooseConflicts" | "fixFirst", values: { count: number }) => string;

/** Why the draft may not be saved now, as the save bar says it, and where focus goes; undefined when it may. */
function saveRefusal(
  text: RefusalText,
  store: DraftStore,
  conflicts: readonly Conflict[],
): { text: string; focus: () => void } | undefined {
  const undecided = conflicts.filter((c) => c.choice === undefined).length;
  if (undecided > 0) {
    return {
      text: text("chooseConflicts", { count: undecided }),
      focus: () => document.querySelector<HTMLInputElement>("[data-testid='conflicts'] input[type='radio']")?.focus(),
    };
  }
  const problems = store.problems();
  if (problems.length === 0) return undefined;
  store.reveal();
  return { text: text("fixFirst", { count: problems.length }), focus: () => focusDraft(problems[0]?.key) };
}

/** Why a write failed: issues placed at their fields (the first focused), and the save bar's message. */
function showWriteError(store: DraftStore, error: unknown, sentKeys: readonly string[]): EditorStatus {
  const info = trpcErrorInfo(error);
  const placed = placeServerIssues(info.issues, sentKeys);
  if (placed.byKey.size > 0) {
    store.setServerErrors(placed.byKey);
    focusDraft([...placed.byKey.keys()][0]);
  }
  return { ...failureStatus(error), details: placed.general };
}

/** The save bar's message of a failed call; one that never reached the server says so (it goes when back online). */
function failureStatus(error: unknown): EditorStatus {
  const info = trpcErrorInfo(error);
  return { tone: "error", text: info.message, ...(info.code === undefined && { isNetworkFailure: true }) };
}
