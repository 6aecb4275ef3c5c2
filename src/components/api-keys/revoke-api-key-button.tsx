"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { trpc } from "~/lib/trpc/react";
import { trpcErrorInfo } from "~/lib/trpc-error-info";

export type RevokeApiKeyButtonProps = { id: string; name: string };

export function RevokeApiKeyButton({ id, name }: RevokeApiKeyButtonProps) {
  const t = useTranslations("apiKeys");
  const router = useRouter();
  const revoke = trpc.apiKeys.revoke.useMutation({ onSuccess: () => router.refresh() });
  return (
    <ConfirmButton
      label={t.rich("revoke", { name, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
      title={t("revokeTitle")}
      confirmLabel={t("revokeConfirm")}
      onConfirm={() => revoke.mutateAsync({ id })}
      isPending={revoke.isPending}
      error={revoke.error ? trpcErrorInfo(revoke.error).message : undefined}
      onReset={revoke.reset}
    >
      {t("revokeText", { name })}
    </ConfirmButton>
  );
}
