import type { Metadata } from "next";
import { Link } from "~/components/ui/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { getSession } from "~/server/auth/request-session";
import { AuthCard } from "~/components/auth/auth-card";
import { SignUpForm } from "~/components/auth/sign-up-form";
import { ZUuid } from "~/domain/uuid";
import { invitedEmail } from "~/server/services/invitations/invitation-for-sign-up";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("signUpTitle") };
}

type Props = { searchParams: Promise<{ invitation?: string | string[] }> };

/**
 * Sign-up; `?invitation=` (the invitation page's "Create an account") keeps the invitation's context: the email it was
 * sent to is filled in, and the new account lands on the invitation (which it can accept once the address is verified).
 */
export default async function SignUpPage({ searchParams }: Props) {
  const invitation = ZUuid.safeParse((await searchParams).invitation);
  const invitationId = invitation.success ? invitation.data : undefined;
  if (await getSession()) redirect(invitationId ? `/invitations/${invitationId}` : "/");
  const email = invitationId ? await invitedEmail({ invitationId }) : undefined;
  const t = await getTranslations("auth");
  return (
    <AuthCard
      title={t("signUpTitle")}
      description={email ? t("signUpInvited") : t("signUpDescription")}
      footer={t.rich("haveAccount", {
        link: (chunks) => (
          <Link
            href={invitationId && email ? `/sign-in?invitation=${invitationId}` : "/sign-in"}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {chunks}
          </Link>
        ),
      })}
    >
      <SignUpForm invitation={invitationId && email ? { id: invitationId, email } : undefined} />
    </AuthCard>
  );
}
