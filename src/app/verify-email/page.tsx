import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "~/components/auth/auth-card";
import { Alert } from "~/components/ui/alert";
import { AppError } from "~/domain/app-error";
import { verifyEmail } from "~/server/services/identity/verify-email";

export const metadata: Metadata = { title: "Verify your email address" };

const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline";

/** The page a verification mail links to (src/server/mail/verification-mail.ts). */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  let problem: string | null = null;
  try {
    if (typeof token !== "string" || token === "") throw new AppError("BAD_REQUEST", "This verification link is incomplete.");
    await verifyEmail({ token });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    problem = error.message;
  }
  return (
    <AuthCard
      title={problem ? "Email address not verified" : "Email address verified"}
      description={problem ? "The link did not work." : "Thank you. Invitations sent to this address can now be accepted."}
      footer={
        <Link href="/" className={linkClass}>
          Continue to Passport Studio
        </Link>
      }
    >
      {problem ? <Alert tone="error">{problem}</Alert> : <Alert tone="success">Your email address is verified.</Alert>}
    </AuthCard>
  );
}
