import { useTranslations } from "next-intl";
import { InvitationResponse } from "~/components/invitations/invitation-response";
import { ResendVerificationButton } from "~/components/invitations/resend-verification-button";
import { Alert } from "~/components/ui/alert";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "~/server/trpc/_app";

export type MyInvitationsProps = { mine: inferRouterOutputs<AppRouter>["invitations"]["mine"] };

/**
 * On the signed-in user's landing pages: invitations to their address, or, while the address is unverified, why
 * none can be shown. Renders nothing for a verified user without invitations.
 */
export function MyInvitations({ mine }: MyInvitationsProps) {
  const t = useTranslations("invitations");
  if (!mine.isEmailVerified) {
    return (
      <Alert tone="info" className="space-y-2">
        <p>{t("verifyFirst", { email: mine.email })}</p>
        <ResendVerificationButton email={mine.email} />
      </Alert>
    );
  }
  if (mine.invitations.length === 0) return null;
  return (
    <section aria-labelledby="my-invitations-heading" className="space-y-3">
      <h2 id="my-invitations-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {mine.invitations.map((invitation) => (
          <li
            key={invitation.id}
            aria-label={t("itemLabel", { organization: invitation.organizationName })}
            className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="min-w-0 text-sm text-slate-700">
              {t.rich("invitedYou", {
                name: invitation.invitedBy.name,
                organization: invitation.organizationName,
                strong: (chunks) => <span className="font-medium text-slate-900">{chunks}</span>,
              })}
            </p>
            <InvitationResponse invitationId={invitation.id} organizationName={invitation.organizationName} />
          </li>
        ))}
      </ul>
    </section>
  );
}
