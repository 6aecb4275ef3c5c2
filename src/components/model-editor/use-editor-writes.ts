import { useCallback, useMemo, useState, type SubmitEvent } from "react";
import type { DraftStore, DraftValue, EditorOwnerState } from "~/components/model-editor/draft-store";
import { addRowInput, deleteRowInput, saveRequests, type EditorTarget } from "~/components/model-editor/editor-requests";
import { focusDraft } from "~/components/model-editor/focus-draft";
import { ownerWrites } from "~/components/model-editor/owner-writes";
import { newRowValues } from "~/domain/repeater-rows";
import type { EditorStatus } from "~/components/model-editor/save-bar";
import { placeServerIssues } from "~/components/model-editor/server-issues";
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
 * Every write of the editor; what each sends is built by `editor-requests.ts`. Save sends only the changed values
 * with the model's version as `ifMatch`; "Add row" and "Remove row" write at once; each answer (a whole model)
 * becomes the new saved state without touching the user's other edits. Writes run one at a time, so the editor
 * never races itself into a stale version. A stale version (412) keeps every edit and offers `reload`, which puts
 * the edits back on top of the latest model.
 */
export function useEditorWrites({ store, index, target, onSavedName }: UseEditorWritesOptions) {
  const client = trpc.useUtils().client;
  const owner = useMemo(() => ownerWrites(client, target), [client, target]);
  const [status, setStatus] = useState<EditorStatus | null>(null);
  const [isConflict, setIsConflict] = useState(false);
  const [isReloading, setIsReloading] = useState(false);

  const applyModel = useCallback(
    (next: EditorOwnerState, sent?: ReadonlyMap<string, DraftValue>) => {
      const result = store.applyModel(next, sent);
      if (next.name !== undefined) onSavedName?.(next.name);
      return result;
    },
    [store, onSavedName],
  );

  /** Shows why a write failed: a stale version, issues at their fields, or one message. */
  const showWriteError = useCallback(
    (error: unknown, sentKeys: readonly string[]) => {
      const info = trpcErrorInfo(error);
      if (info.code === "PRECONDITION_FAILED") {
        setIsConflict(true);
        setStatus(null);
        return;
      }
      const placed = placeServerIssues(info.issues, sentKeys);
      if (placed.byKey.size > 0) {
        store.setServerErrors(placed.byKey);
        focusDraft([...placed.byKey.keys()][0]);
      }
      setStatus({ tone: "error", text: info.message, details: placed.general });
    },
    [store],
  );

  /** Runs one write at a time; returns undefined when it failed (and the failure is shown). */
  const runWrite = useCallback(
    async <T>(write: () => Promise<T>, sentKeys: () => readonly string[] = () => []): Promise<T | undefined> => {
      if (store.isBusy) return undefined;
      store.setBusy(true);
      try {
        return await write();
      } catch (error) {
        showWriteError(error, sentKeys());
        return undefined;
      } finally {
        store.setBusy(false);
      }
    },
    [store, showWriteError],
  );

  const addRow = useCallback(
    async (repeaterId: string) => {
      const values = newRowValues(index, repeaterId, store.rows(repeaterId), owner.level);
      if (!values) return undefined;
      const next = await runWrite(() => owner.add(addRowInput(target, store.version, values)));
      if (!next) return undefined;
      applyModel(next);
      setStatus(null);
      return values[0]?.row;
    },
    [owner, target, store, index, runWrite, applyModel],
  );

  const removeRow = useCallback(
    async (repeaterId: string, row: number) => {
      const next = await runWrite(() => owner.deleteRow(deleteRowInput(target, store.version, repeaterId, row)));
      if (!next) return false;
      applyModel(next);
      setStatus(null);
      return true;
    },
    [owner, target, store, runWrite, applyModel],
  );

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (store.isBusy || store.editCount === 0) return;
    const problems = store.problems();
    if (problems.length > 0) {
      store.reveal();
      const count = problems.length === 1 ? "1 field" : `${problems.length} fields`;
      setStatus({ tone: "error", text: `Fix ${count} before saving; nothing was saved.` });
      focusDraft(problems[0]?.key);
      return;
    }
    const requests = saveRequests(target, store.pendingEdits());
    setStatus(null);

    // One request after the other, each with the version the one before it answered. `sentKeys` names the
    // request in flight, so a refusal's issues land on its fields.
    let sentKeys: string[] = [];
    const isSaved = await runWrite(
      async () => {
        for (const request of requests) {
          sentKeys = [...request.sent.keys()];
          const next =
            request.procedure === "models.update"
              ? await client.models.update.mutate(request.input(store.version))
              : await owner.modify(request.input(store.version));
          applyModel(next, request.sent);
        }
        return true;
      },
      () => sentKeys,
    );
    if (!isSaved) return;
    store.setServerErrors(new Map());
    setIsConflict(false);
    setStatus({ tone: "success", text: "All changes saved." });
  };

  const discard = () => {
    store.discard();
    setStatus({ tone: "info", text: "Changes discarded." });
  };

  /** After a stale write: the latest model becomes the saved state and the user's edits are put back on top. */
  const reload = async () => {
    setIsReloading(true);
    try {
      const latest = await owner.latest();
      const { droppedEdits } = applyModel(latest);
      setIsConflict(false);
      const kept = store.editCount;
      const dropped =
        droppedEdits > 0
          ? ` ${droppedEdits} edit${droppedEdits === 1 ? " was" : "s were"} in rows removed elsewhere and dropped.`
          : "";
      setStatus({
        tone: "info",
        text: `Loaded the latest version.${kept > 0 ? " Your edits are applied on top; review them and save." : ""}${dropped}`,
      });
    } catch (error) {
      setStatus({ tone: "error", text: trpcErrorInfo(error).message });
    } finally {
      setIsReloading(false);
    }
  };

  return { status, isConflict, isReloading, addRow, removeRow, save, discard, reload };
}
