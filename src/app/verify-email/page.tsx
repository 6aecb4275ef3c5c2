import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "~/components/auth/auth-card";
import { ConfirmEmailButton } from "~/components/auth/confirm-email-button";
import { Alert } from "~/components/ui/alert";
import { AppError } from "~/domain/app-error";
import { describeVerification, type VerificationRequest } from "~/server/services/identity/verify-email";
import { newestOpenInvitationId } from "~/server/services/invitations/invitation-for-sign-up";

export const metadata: Metadata = { title: "Verify your email address" };

const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline";

/**
 * The page a verification mail links to (src/server/mail/verification-mail.ts). Opening it changes nothing: it names
 * the account that asked (address, name, when it was made), and only its Verify button verifies — so neither a mail
 * scanner following the link nor the owner of an address someone else signed up with verifies a stranger's account.
 */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const request = await describe(token);
  const footer = (
    <Link href="/" className={linkClass}>
      Continue to Passport Studio
    </Link>
  );
  if (request === null || request instanceof AppError || typeof token !== "string") {
    const message = request instanceof AppError ? request.message : "This verification link is incomplete.";
    return (
      <AuthCard title="Email address not verified" description="The link did not work." footer={footer}>
        <Alert tone="error">{message}</Alert>
      </AuthCard>
    );
  }
  if (request.isVerified) {
    return (
      <AuthCard title="Email address verified" description="Nothing more to do." footer={footer}>
        <Alert tone="success">{`${request.email} is verified.`}</Alert>
      </AuthCard>
    );
  }
  // An invited new user goes on to the invitation once verified (the newest open one to the address).
  const invitationId = await newestOpenInvitationId({ email: request.email });
  return (
    <AuthCard
      title="Verify your email address"
      description="Verify only if you created this account. If you did not, close this page: the account stays unverified."
      footer={footer}
    >
      <dl className="mb-4 space-y-1 text-sm">
        <div>
          <dt className="inline font-medium">Email: </dt>
          <dd className="inline">{request.email}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Account name: </dt>
          <dd className="inline">{request.name}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Created: </dt>
          <dd className="inline">{request.createdAt.toISOString().replace("T", " ").slice(0, 16)} UTC</dd>
        </div>
      </dl>
      <ConfirmEmailButton token={token} email={request.email} next={invitationId ? `/invitations/${invitationId}` : undefined} />
    </AuthCard>
  );
}

async function describe(token: string | string[] | undefined): Promise<VerificationRequest | AppError | null> {
  if (typeof token !== "string" || token === "") return null;
  try {
    return await describeVerification({ token });
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}
