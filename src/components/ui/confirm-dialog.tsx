"use client";

import { useTranslations } from "next-intl";
import { useId, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { ModalDialog } from "~/components/ui/modal-dialog";

export type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  isPending?: boolean;
  /** False keeps the confirm button disabled (the question's answer is not possible yet); Cancel stays usable. */
  canConfirm?: boolean;
  error?: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A modal question: Cancel is focused first, the safe answer; Escape cancels unless the answer is pending. */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  isPending,
  canConfirm = true,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useTranslations("ui");
  const titleId = useId();
  const bodyId = useId();

  return (
    <ModalDialog
      isOpen={isOpen}
      isPending={isPending}
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      className="max-w-md"
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
          {t("cancel")}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={isPending || !canConfirm}>
          {isPending ? t("working") : confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
