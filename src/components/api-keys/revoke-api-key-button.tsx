"use client";

import { useRouter } from "next/navigation";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { trpc } from "~/lib/trpc/react";
import { trpcErrorInfo } from "~/lib/trpc-error-info";

export type RevokeApiKeyButtonProps = { id: string; name: string };

export function RevokeApiKeyButton({ id, name }: RevokeApiKeyButtonProps) {
  const router = useRouter();
  const revoke = trpc.apiKeys.revoke.useMutation({ onSuccess: () => router.refresh() });
  return (
    <ConfirmButton
      label={
        <>
          Revoke<span className="sr-only"> key {name}</span>
        </>
      }
      title="Revoke this API key?"
      confirmLabel="Revoke key"
      onConfirm={() => revoke.mutateAsync({ id })}
      isPending={revoke.isPending}
      error={revoke.error ? trpcErrorInfo(revoke.error).message : undefined}
      onReset={revoke.reset}
    >
      The key “{name}” stops working at once: anything still using it gets “401 Unauthorized”. This cannot be undone.
    </ConfirmButton>
  );
}
