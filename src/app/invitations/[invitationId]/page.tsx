import type { Metadata } from "next";
import { Link } from "~/components/ui/link";
import { getTranslations } from "next-intl/server";
import { getCurrentActor } from "~/app/_lib/current-actor";
import { AuthCard } from "~/components/auth/auth-card";
import { InvitationResponse } from "~/components/invitations/invitation-response";
import { ResendVerificationButton } from "~/components/invitations/resend-verification-button";
import { Alert } from "~/components/ui/alert";
import { AppError } from "~/domain/app-error";
import { getInvitationForInvitee } from "~/server/services/invitations/get-invitation-for-invitee";
import { listMyInvitations } from "~/server/services/invitations/list-my-invitations";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("invitations"))("metaTitle") };
}

const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline";

/**
 * The page an invitation mail links to. The invitation is shown, with Accept and Decline, only to its invitee:
 * signed in with the address it was sent to, verified. Everyone else learns only what to do next.
 */
export default async function InvitationPage({ params }: { params: Promise<{ invitationId: string }> }) {
  const { invitationId } = await params;
  const [actor, t] = await Promise.all([getCurrentActor(), getTranslations("invitations")]);
  if (!actor) {
    return (
      <AuthCard
        title={t("youHaveOne")}
        description={t("signedOutDescription")}
        footer={
          <Link href={`/sign-up?invitation=${encodeURIComponent(invitationId)}`} className={linkClass}>
            {t("createAccount")}
          </Link>
        }
      >
        <Link href={`/sign-in?invitation=${encodeURIComponent(invitationId)}`} className={linkClass}>
          {t("signIn")}
        </Link>
      </AuthCard>
    );
  }
  // Looked up before any JSX: a try/catch around rendering would suggest it catches render errors, which it cannot.
  const invitation = await getInvitationForInvitee({ actor, invitationId }).catch((error: unknown) => {
    if (error instanceof AppError) return error;
    throw error;
  });
  if (!(invitation instanceof AppError)) {
    return (
      <AuthCard
        title={t("join", { organization: invitation.organizationName })}
        description={t("invitedBy", { name: invitation.invitedBy.name, email: invitation.invitedBy.email, invitee: invitation.email })}
        footer={
          <Link href="/" className={linkClass}>
            {t("notNow")}
          </Link>
        }
      >
        <InvitationResponse invitationId={invitation.id} organizationName={invitation.organizationName} />
      </AuthCard>
    );
  }
  const { email, isEmailVerified } = await listMyInvitations({ actor });
  return (
    <AuthCard
      title={t("cannotAccept")}
      description={invitation.message}
      footer={
        <Link href="/" className={linkClass}>
          {t("home")}
        </Link>
      }
    >
      {isEmailVerified ? null : (
        <Alert tone="info">
          <ResendVerificationButton email={email} />
        </Alert>
      )}
    </AuthCard>
  );
}
