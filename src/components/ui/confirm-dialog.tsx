"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "~/components/ui/button";

export type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  isPending?: boolean;
  error?: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A modal question built on the native <dialog>: showModal() traps focus, makes the page behind inert, and closes
 * on Escape, so the keyboard behaviour comes from the browser rather than from hand-written focus management.
 */
export function ConfirmDialog({ isOpen, title, children, confirmLabel, isPending, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!isPending) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="space-y-3 p-5 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <div id={bodyId} className="text-sm text-slate-600">
          {children}
        </div>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 bg-slate-50 px-5 py-3 sm:flex-row sm:justify-end sm:px-6">
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- what showModal() focuses: the safe answer */}
        <Button variant="secondary" onClick={onCancel} disabled={isPending} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={isPending}>
          {isPending ? "Working…" : confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
