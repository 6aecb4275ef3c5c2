"use client";

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
  const revoke = trpc.accessGrants.revoke.useMutation({ onSuccess: onRevoked });
  return (
    <ConfirmButton
      label={
        <>
          Revoke<span className="sr-only"> grant of {partyName}</span>
        </>
      }
      title="Revoke this grant?"
      confirmLabel="Revoke grant"
      onConfirm={() => revoke.mutateAsync({ organizationId, modelId, grantId })}
      isPending={revoke.isPending}
      error={revoke.error ? trpcErrorInfo(revoke.error).message : undefined}
      onReset={revoke.reset}
    >
      The link of “{partyName}” stops showing restricted fields at once: it opens only the public passport from now on. This cannot be
      undone.
    </ConfirmButton>
  );
}
