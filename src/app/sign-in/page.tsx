import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getSession } from "~/app/_lib/current-actor";
import { AuthCard } from "~/components/auth/auth-card";
import { SignInForm } from "~/components/auth/sign-in-form";
import { ZUuid } from "~/domain/uuid";

export const metadata: Metadata = { title: "Sign in" };

type Props = { searchParams: Promise<{ invitation?: string | string[] }> };

/** Sign-in; `?invitation=` (from the invitation page) leads back to that invitation afterwards. */
export default async function SignInPage({ searchParams }: Props) {
  const invitation = ZUuid.safeParse((await searchParams).invitation);
  const next = invitation.success ? `/invitations/${invitation.data}` : "/";
  if (await getSession()) redirect(next);
  return (
    <AuthCard
      title="Sign in"
      description="Welcome back to Passport Studio."
      footer={
        <>
          New here?{" "}
          <Link
            href={invitation.success ? `/sign-up?invitation=${invitation.data}` : "/sign-up"}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      <SignInForm next={next} />
      <p className="mt-4 text-center text-sm">
        <Link href="/forgot-password" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          Forgot password?
        </Link>
      </p>
    </AuthCard>
  );
}
