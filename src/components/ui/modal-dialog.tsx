"use client";

import { useEffect, useRef, type ComponentProps } from "react";
import { cn } from "~/lib/cn";

export type ModalDialogProps = Omit<ComponentProps<"dialog">, "ref" | "open" | "onCancel"> & {
  isOpen: boolean;
  /** While true, Escape does not close the dialog: the answer to what it started is still to come. */
  isPending?: boolean;
  onClose: () => void;
};

/**
 * A modal built on the native <dialog>: showModal() traps focus, makes the page behind inert, and closes on Escape,
 * so the keyboard behaviour comes from the browser rather than from hand-written focus management. Name it with
 * `aria-labelledby`; give its width (`max-w-…`) in `className`.
 */
export function ModalDialog({ isOpen, isPending, onClose, className, children, ...props }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  return (
    <dialog
      ref={ref}
      {...props}
      onCancel={(event) => {
        // The parent's `isOpen` decides; the effect above closes the dialog when it turns false.
        event.preventDefault();
        if (!isPending) onClose();
      }}
      className={cn(
        "m-auto w-[calc(100%-2rem)] rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40",
        className,
      )}
    >
      {children}
    </dialog>
  );
}
