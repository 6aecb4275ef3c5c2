"use client";

import { useState } from "react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
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
  const [isOpen, setIsOpen] = useState(false);
  const revoke = trpc.accessGrants.revoke.useMutation({
    onSuccess: () => {
      setIsOpen(false);
      onRevoked();
    },
  });

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setIsOpen(true)}>
        Revoke<span className="sr-only"> grant of {partyName}</span>
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        title="Revoke this grant?"
        confirmLabel="Revoke grant"
        isPending={revoke.isPending}
        error={revoke.error ? trpcErrorInfo(revoke.error).message : undefined}
        onConfirm={() => revoke.mutate({ organizationId, modelId, grantId })}
        onCancel={() => {
          revoke.reset();
          setIsOpen(false);
        }}
      >
        The link of “{partyName}” stops showing restricted fields at once: it opens only the public passport from now on. This cannot
        be undone.
      </ConfirmDialog>
    </>
  );
}
