import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "~/components/auth/auth-card";
import { ForgotPasswordForm } from "~/components/auth/forgot-password-form";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      description="We mail a link to choose a new one to the address of your account, if it is verified."
      footer={
        <Link href="/sign-in" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
