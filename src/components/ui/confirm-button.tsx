"use client";

import { useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

export type ConfirmButtonProps = {
  /** The button's content; add an `sr-only` part when the visible word alone does not say what it acts on. */
  label: ReactNode;
  title: string;
  confirmLabel: string;
  /** The question's explanation: what happens, and whether it can be undone. */
  children: ReactNode;
  /** Runs the action; the dialog closes when it resolves and stays open, showing `error`, when it rejects. */
  onConfirm: () => Promise<unknown>;
  isPending: boolean;
  error?: string;
  /** Clears the last attempt's error when the question is cancelled. */
  onReset: () => void;
};

/** A small button whose action is asked about first: a revoke, a delete. */
export function ConfirmButton({ label, title, confirmLabel, children, onConfirm, isPending, error, onReset }: ConfirmButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setIsOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        title={title}
        confirmLabel={confirmLabel}
        isPending={isPending}
        error={error}
        // The failure is shown through `error`; nothing else is to be done with the rejection.
        onConfirm={() =>
          onConfirm().then(
            () => setIsOpen(false),
            () => undefined,
          )
        }
        onCancel={() => {
          onReset();
          setIsOpen(false);
        }}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
