"use client";

import { useTranslations } from "next-intl";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { trpc } from "~/lib/trpc/react";
import { trpcErrorInfo } from "~/lib/trpc-error-info";

export type RevokeAccessGrantButtonProps = {
  organizationId: string;
  modelId: string;
  grantId: string;
  partyName: string;
  onRevoked: () => void;
};

export function RevokeAccessGrantButton({ organizationId, modelId, grantId, partyName, onRevoked }: RevokeAccessGrantButtonProps) {
  const t = useTranslations("accessGrants");
  const revoke = trpc.accessGrants.revoke.useMutation({ onSuccess: onRevoked });
  return (
    <ConfirmButton
      label={t.rich("revoke", { party: partyName, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
      title={t("revokeTitle")}
      confirmLabel={t("revokeConfirm")}
      onConfirm={() => revoke.mutateAsync({ organizationId, modelId, grantId })}
      isPending={revoke.isPending}
      error={revoke.error ? trpcErrorInfo(revoke.error).message : undefined}
      onReset={revoke.reset}
    >
      {t("revokeText", { party: partyName })}
    </ConfirmButton>
  );
}
