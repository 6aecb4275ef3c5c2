import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getSession } from "~/app/_lib/current-actor";
import { AuthCard } from "~/components/auth/auth-card";
import { SignUpForm } from "~/components/auth/sign-up-form";
import { ZUuid } from "~/domain/uuid";
import { invitedEmail } from "~/server/services/invitations/invitation-for-sign-up";

export const metadata: Metadata = { title: "Create an account" };

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
  return (
    <AuthCard
      title="Create an account"
      description={
        email
          ? "You were invited by email: create your account with that address, verify it, and the invitation is waiting."
          : "Model your products and publish their digital passports."
      }
      footer={
        <>
          Already have an account?{" "}
          <Link
            href={invitationId && email ? `/sign-in?invitation=${invitationId}` : "/sign-in"}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm invitation={invitationId && email ? { id: invitationId, email } : undefined} />
    </AuthCard>
  );
}
