"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { trpc } from "~/lib/trpc/react";
import { trpcErrorInfo } from "~/lib/trpc-error-info";

export type InvitationResponseProps = { invitationId: string; organizationName: string };

/** Accept (then straight into the organization) or Decline (then the invitation disappears on refresh). */
export function InvitationResponse({ invitationId, organizationName }: InvitationResponseProps) {
  const t = useTranslations("invitations");
  const router = useRouter();
  const accept = trpc.invitations.accept.useMutation({
    // The header's organization switcher is rendered by the layout, which a navigation keeps: refresh it too.
    onSuccess: ({ organizationId }) => {
      router.push(`/orgs/${organizationId}`);
      router.refresh();
    },
  });
  const decline = trpc.invitations.decline.useMutation({ onSuccess: () => router.refresh() });
  const isPending = accept.isPending || decline.isPending || accept.isSuccess;
  const error = accept.error ?? decline.error;
  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <Button size="sm" disabled={isPending} onClick={() => accept.mutate({ invitationId })}>
          {t.rich("accept", { organization: organizationName, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
        </Button>
        <Button size="sm" variant="secondary" disabled={isPending} onClick={() => decline.mutate({ invitationId })}>
          {t.rich("decline", { organization: organizationName, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
        </Button>
      </div>
      {decline.isSuccess ? <Alert tone="info">{t("declined")}</Alert> : null}
      {error ? <Alert tone="error">{trpcErrorInfo(error).message}</Alert> : null}
    </div>
  );
}
