"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { trpc } from "~/lib/trpc/react";
import { trpcErrorInfo } from "~/lib/trpc-error-info";

export type RevokeApiKeyButtonProps = { id: string; name: string };

export function RevokeApiKeyButton({ id, name }: RevokeApiKeyButtonProps) {
  const router = useRouter();
  const [isOpen, setIsOpen] = useState(false);
  const revoke = trpc.apiKeys.revoke.useMutation({
    onSuccess: () => {
      setIsOpen(false);
      router.refresh();
    },
  });

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setIsOpen(true)}>
        Revoke<span className="sr-only"> key {name}</span>
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        title="Revoke this API key?"
        confirmLabel="Revoke key"
        isPending={revoke.isPending}
        error={revoke.error ? trpcErrorInfo(revoke.error).message : undefined}
        onConfirm={() => revoke.mutate({ id })}
        onCancel={() => {
          revoke.reset();
          setIsOpen(false);
        }}
      >
        The key “{name}” stops working at once: anything still using it gets “401 Unauthorized”. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
