"use client";

import { useState } from "react";
import { useEditor, useEditsSummary, useIsBusy } from "~/components/model-editor/editor-context";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { cn } from "~/lib/cn";

export type EditorStatus = { tone: "error" | "success" | "info"; text: string; details?: string[] };

export type SaveBarProps = {
  status: EditorStatus | null;
  isConflict: boolean;
  isReloading: boolean;
  onDiscard: () => void;
  onReload: () => void;
  /** What the editor edits, for its messages. */
  owner?: "model" | "item";
};

/** What a stale version (412) says, naming what is edited: a model or one of its items. */
export function conflictMessage(owner: "model" | "item"): string {
  return `This ${owner} was changed elsewhere — reload to see the latest; your edits are kept.`;
}

/**
 * Sticks to the bottom of the screen: how many changes are unsaved, Save (the form's submit button, so Enter in
 * a field saves too) and Discard, and what the last write said. A stale version offers Reload, which keeps edits.
 */
export function SaveBar({ status, isConflict, isReloading, onDiscard, onReload, owner = "model" }: SaveBarProps) {
  const { store } = useEditor();
  useEditsSummary();
  const isBusy = useIsBusy();
  const count = store.editCount;
  const [isConfirmingDiscard, setIsConfirmingDiscard] = useState(false);
  const countText = count === 0 ? "No unsaved changes" : count === 1 ? "1 unsaved change" : `${count} unsaved changes`;
  return (
    <div
      role="region"
      aria-label="Save changes"
      className="sticky bottom-0 z-20 -mx-4 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_-6px_rgb(15_23_42/0.15)] sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8"
    >
      <div className="space-y-2">
        {isConflict ? (
          <div
            role="alert"
            className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
          >
            <p>{conflictMessage(owner)}</p>
            <Button variant="secondary" size="sm" onClick={onReload} disabled={isReloading}>
              {isReloading ? "Reloading…" : "Reload"}
            </Button>
          </div>
        ) : null}
        <div aria-live="polite" className="empty:hidden">
          {status ? (
            <div
              role={status.tone === "error" ? "alert" : undefined}
              className={cn(
                "text-sm",
                status.tone === "error"
                  ? "font-medium text-red-700"
                  : status.tone === "success"
                    ? "text-emerald-800"
                    : "text-slate-700",
              )}
            >
              <p>{status.text}</p>
              {status.details && status.details.length > 0 ? (
                <ul className="mt-1 list-disc pl-5">
                  {status.details.map((detail, i) => (
                    <li key={i}>{detail}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-medium text-slate-800" data-testid="unsaved-count">
            {countText}
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setIsConfirmingDiscard(true)} disabled={count === 0 || isBusy}>
              Discard
            </Button>
            <Button type="submit" disabled={count === 0 || isBusy}>
              {isBusy ? "Saving…" : "Save"}
            </Button>
          </div>
        </div>
      </div>
      <ConfirmDialog
        isOpen={isConfirmingDiscard}
        title="Discard unsaved changes?"
        confirmLabel="Discard changes"
        onCancel={() => setIsConfirmingDiscard(false)}
        onConfirm={() => {
          setIsConfirmingDiscard(false);
          onDiscard();
        }}
      >
        {count === 1 ? "Your 1 unsaved change goes back" : `Your ${count} unsaved changes go back`} to the saved values.
      </ConfirmDialog>
    </div>
  );
}
