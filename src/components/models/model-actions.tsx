"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardBody } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { copyName } from "~/domain/model-schema";
import { trpcErrorInfo } from "~/lib/trpc-error-info";
import { trpc } from "~/lib/trpc/react";

export type ModelActionsProps = { organizationId: string; modelId: string; name: string };

type Action = "duplicate" | "delete";

/**
 * Duplicate and delete, below the editor: each asks first. A copy takes the saved values (not the editor's unsaved
 * ones) and opens; a deleted model takes its items with it and leads back to the list.
 */
export function ModelActions({ organizationId, modelId, name }: ModelActionsProps) {
  const t = useTranslations("models");
  const client = trpc.useUtils().client;
  const router = useRouter();
  const headingId = useId();
  const [open, setOpen] = useState<Action | null>(null);
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const run = async (action: Action) => {
    setIsPending(true);
    setError(undefined);
    try {
      if (action === "duplicate") {
        const copy = await client.models.duplicate.mutate({ organizationId, modelId });
        router.push(`/orgs/${organizationId}/models/${copy.id}`);
      } else {
        await client.models.delete.mutate({ organizationId, modelId });
        router.push(`/orgs/${organizationId}/models`);
      }
      router.refresh();
    } catch (caught) {
      setError(trpcErrorInfo(caught).message);
      setIsPending(false);
    }
  };
  const close = () => {
    setOpen(null);
    setError(undefined);
  };

  return (
    <Card>
      <CardBody className="space-y-3">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {t("manage")}
        </h2>
        <div role="group" aria-labelledby={headingId} className="flex flex-col gap-2 sm:flex-row">
          <Button variant="secondary" onClick={() => setOpen("duplicate")}>
            {t("duplicate")}
          </Button>
          <Button variant="danger" onClick={() => setOpen("delete")}>
            {t("delete")}
          </Button>
        </div>
      </CardBody>
      <ConfirmDialog
        isOpen={open === "duplicate"}
        title={t("duplicateTitle")}
        confirmLabel={t("duplicateConfirm")}
        isPending={isPending}
        error={open === "duplicate" ? error : undefined}
        onConfirm={() => void run("duplicate")}
        onCancel={close}
      >
        {t("duplicateText", { name: copyName(name) })}
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={open === "delete"}
        title={t("deleteTitle")}
        confirmLabel={t("delete")}
        isPending={isPending}
        error={open === "delete" ? error : undefined}
        onConfirm={() => void run("delete")}
        onCancel={close}
      >
        {t("deleteText", { name })}
      </ConfirmDialog>
    </Card>
  );
}
