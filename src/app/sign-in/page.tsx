import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getSession } from "~/app/_lib/current-actor";
import { AuthCard } from "~/components/auth/auth-card";
import { SignInForm } from "~/components/auth/sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage() {
  if (await getSession()) redirect("/");
  return (
    <AuthCard
      title="Sign in"
      description="Welcome back to Passport Studio."
      footer={
        <>
          New here?{" "}
          <Link href="/sign-up" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <SignInForm />
      <p className="mt-4 text-center text-sm">
        <Link href="/forgot-password" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          Forgot password?
        </Link>
      </p>
    </AuthCard>
  );
}
