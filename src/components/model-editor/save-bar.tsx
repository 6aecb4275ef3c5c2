"use client";

import { useTranslations } from "next-intl";
import { type RefObject, useEffect, useRef, useState } from "react";
import { CompletenessStatus } from "~/components/model-editor/completeness-status";
import { useEditor, useEditsSummary, useHistorySteps, useIsBusy } from "~/components/model-editor/editor-context";
import type { UndoCommand } from "~/components/model-editor/undo-keys";
import { stepHistory } from "~/components/model-editor/use-undo-shortcut";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { cn } from "~/lib/cn";

export type EditorStatus = {
  tone: "error" | "success" | "info";
  text: string;
  details?: string[];
  /** A call that never reached the server: the message goes once the browser is online again. */
  isNetworkFailure?: boolean;
};

export type SaveBarProps = {
  status: EditorStatus | null;
  isConflict: boolean;
  isReloading: boolean;
  onDiscard: () => void;
  onReload: () => void;
  /** Says what Undo or Redo did ("Undone."), in the bar's status. */
  onAnnounce: (message: string) => void;
  /** What the editor edits, for its messages. */
  owner?: "model" | "item";
};

/**
 * Sticks to the bottom of the screen: how many changes are unsaved, Undo and Redo, Save (the form's submit button,
 * so Enter in a field saves too) and Discard, and what the last write said. A stale version offers Reload, which
 * keeps edits.
 */
export function SaveBar(props: SaveBarProps) {
  const { status, isConflict, isReloading, onDiscard, onReload, onAnnounce, owner = "model" } = props;
  const t = useTranslations("editor");
  const { store } = useEditor();
  useEditsSummary();
  const isBusy = useIsBusy();
  const count = store.editCount;
  const [isConfirmingDiscard, setIsConfirmingDiscard] = useState(false);
  const barRef = useRef<HTMLDivElement>(null);
  useScrollPaddingFor(barRef);
  return (
    <div
      ref={barRef}
      role="region"
      aria-label={t("saveRegion")}
      className="sticky bottom-0 z-20 -mx-4 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_-6px_rgb(15_23_42/0.15)] sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8"
    >
      <div className="space-y-2">
        {isConflict ? (
          <div
            role="alert"
            className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
          >
            {/* What a stale version (412) says, naming what is edited: a model or one of its items. */}
            <p>{t("staleVersion", { owner })}</p>
            <Button variant="secondary" size="sm" onClick={onReload} disabled={isReloading}>
              {isReloading ? t("reloading") : t("reload")}
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
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <p className="text-sm font-medium text-slate-800" data-testid="unsaved-count">
              {t("unsavedCount", { count })}
            </p>
            <CompletenessStatus />
          </div>
          <div className="flex flex-wrap gap-2">
            <HistoryButtons onAnnounce={onAnnounce} />
            <Button variant="secondary" onClick={() => setIsConfirmingDiscard(true)} disabled={count === 0 || isBusy}>
              {t("discard")}
            </Button>
            {/* aria-disabled, not disabled: a disabled button drops focus to the page's top once the save is done. */}
            <Button
              type="submit"
              aria-disabled={count === 0 || isBusy}
              className="aria-disabled:cursor-not-allowed aria-disabled:bg-brand-600/60"
            >
              {isBusy ? t("saving") : t("save")}
            </Button>
          </div>
        </div>
      </div>
      <ConfirmDialog
        isOpen={isConfirmingDiscard}
        title={t("discardTitle")}
        confirmLabel={t("discardConfirm")}
        onCancel={() => setIsConfirmingDiscard(false)}
        onConfirm={() => {
          setIsConfirmingDiscard(false);
          onDiscard();
        }}
      >
        {t("discardText", { count })}
      </ConfirmDialog>
    </div>
  );
}

const HISTORY: { command: UndoCommand; keys: string }[] = [
  { command: "undo", keys: "Control+Z" },
  { command: "redo", keys: "Control+Shift+Z Control+Y" },
];

/**
 * The draft's undo and redo as buttons, for phones and anyone without the keys (docs/editor.md); the same steps in
 * the card and the table view. Enabled only when they can act.
 */
function HistoryButtons({ onAnnounce }: { onAnnounce: (message: string) => void }) {
  const t = useTranslations("editor");
  const { store } = useEditor();
  const { canUndo, canRedo } = useHistorySteps();
  return HISTORY.map(({ command, keys }) => {
    const isEnabled = command === "undo" ? canUndo : canRedo;
    return (
      <Button
        key={command}
        variant="ghost"
        aria-keyshortcuts={keys}
        // aria-disabled, not disabled: undoing the last step must not drop the button's focus to the page's top.
        aria-disabled={!isEnabled}
        className="aria-disabled:cursor-not-allowed aria-disabled:text-slate-400 aria-disabled:hover:bg-transparent"
        // Focus stays where it is: the table keeps the keyboard, a card field its typing (which Undo takes back first).
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          if (isEnabled && stepHistory(store, command, { focus: false })) {
            onAnnounce(t(command === "undo" ? "undone" : "redone"));
          }
        }}
      >
        {t(command)}
      </Button>
    );
  });
}

/**
 * Keeps the page's bottom scroll padding as tall as the sticky bar (plus a margin), so a field focused by Tab or
 * scrolled to by "jump to" is never hidden under it, whatever the bar holds at the moment.
 */
function useScrollPaddingFor(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.scrollPaddingBottom = `${element.offsetHeight + 16}px`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = "";
    };
  }, [ref]);
}
