import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "~/components/auth/auth-card";
import { ResetPasswordForm } from "~/components/auth/reset-password-form";
import { Alert } from "~/components/ui/alert";

export const metadata: Metadata = { title: "Choose a new password" };

const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline";

/** The page a reset mail links to (src/server/mail/password-reset-mail.ts); the token is checked when it is used. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <AuthCard
      title="Choose a new password"
      description="Setting it signs you out everywhere."
      footer={
        <Link href="/forgot-password" className={linkClass}>
          Ask for a new link
        </Link>
      }
    >
      {typeof token === "string" && token !== "" ? (
        <ResetPasswordForm token={token} />
      ) : (
        <Alert tone="error">This reset link is incomplete.</Alert>
      )}
    </AuthCard>
  );
}
