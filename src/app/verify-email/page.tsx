import type { Metadata } from "next";
import { Link } from "~/components/ui/link";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "~/components/auth/auth-card";
import { ConfirmEmailButton } from "~/components/auth/confirm-email-button";
import { Alert } from "~/components/ui/alert";
import { LocalTime } from "~/components/ui/local-time";
import { AppError } from "~/domain/app-error";
import { describeVerification, type VerificationRequest } from "~/server/services/identity/verify-email";
import { newestOpenInvitationId } from "~/server/services/invitations/invitation-for-sign-up";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("verifyTitle") };
}

const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline";

/**
 * The page a verification mail links to (src/server/mail/verification-mail.ts). Opening it changes nothing: it names
 * the account that asked (address, name, when it was made), and only its Verify button verifies — so neither a mail
 * scanner following the link nor the owner of an address someone else signed up with verifies a stranger's account.
 */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const [request, t] = await Promise.all([describe(token), getTranslations("auth")]);
  const footer = (
    <Link href="/" className={linkClass}>
      {t("continue")}
    </Link>
  );
  if (request === null || request instanceof AppError || typeof token !== "string") {
    const message = request instanceof AppError ? request.message : t("verificationIncomplete");
    return (
      <AuthCard title={t("notVerifiedTitle")} description={t("linkDidNotWork")} footer={footer}>
        <Alert tone="error">{message}</Alert>
      </AuthCard>
    );
  }
  if (request.isVerified) {
    return (
      <AuthCard title={t("verifiedTitle")} description={t("nothingMore")} footer={footer}>
        <Alert tone="success">{t("isVerified", { email: request.email })}</Alert>
      </AuthCard>
    );
  }
  // An invited new user goes on to the invitation once verified (the newest open one to the address).
  const invitationId = await newestOpenInvitationId({ email: request.email });
  return (
    <AuthCard title={t("verifyTitle")} description={t("verifyDescription")} footer={footer}>
      <dl className="mb-4 space-y-1 text-sm">
        <div>
          <dt className="inline font-medium">{t("emailTerm")} </dt>
          <dd className="inline">{request.email}</dd>
        </div>
        <div>
          <dt className="inline font-medium">{t("accountNameTerm")} </dt>
          <dd className="inline">{request.name}</dd>
        </div>
        <div>
          <dt className="inline font-medium">{t("createdTerm")} </dt>
          <dd className="inline">
            <LocalTime value={request.createdAt.toISOString()} />
          </dd>
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
