"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Button } from "~/components/ui/button";
import { trpc } from "~/lib/trpc/react";
import { trpcErrorInfo } from "~/lib/trpc-error-info";

export type RevokeInvitationButtonProps = { organizationId: string; invitationId: string; email: string };

/** No confirmation: a revoked invitation is undone by inviting the address again. */
export function RevokeInvitationButton({ organizationId, invitationId, email }: RevokeInvitationButtonProps) {
  const t = useTranslations("organizations");
  const router = useRouter();
  const revoke = trpc.invitations.revoke.useMutation({ onSuccess: () => router.refresh() });
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button
        variant="secondary"
        size="sm"
        disabled={revoke.isPending}
        onClick={() => revoke.mutate({ organizationId, invitationId })}
      >
        {t.rich("revoke", { email, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
      </Button>
      {revoke.error ? (
        <p role="alert" className="text-sm text-red-700">
          {trpcErrorInfo(revoke.error).message}
        </p>
      ) : null}
    </div>
  );
}
