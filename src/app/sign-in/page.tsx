import type { Metadata } from "next";
import { Link } from "~/components/ui/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { getSession } from "~/server/auth/request-session";
import { AuthCard } from "~/components/auth/auth-card";
import { SignInForm } from "~/components/auth/sign-in-form";
import { ZUuid } from "~/domain/uuid";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("signInTitle") };
}

type Props = { searchParams: Promise<{ invitation?: string | string[] }> };

/** Sign-in; `?invitation=` (from the invitation page) leads back to that invitation afterwards. */
export default async function SignInPage({ searchParams }: Props) {
  const invitation = ZUuid.safeParse((await searchParams).invitation);
  const next = invitation.success ? `/invitations/${invitation.data}` : "/";
  if (await getSession()) redirect(next);
  const t = await getTranslations("auth");
  return (
    <AuthCard
      title={t("signInTitle")}
      description={t("signInDescription")}
      footer={t.rich("newHere", {
        link: (chunks) => (
          <Link
            href={invitation.success ? `/sign-up?invitation=${invitation.data}` : "/sign-up"}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {chunks}
          </Link>
        ),
      })}
    >
      <SignInForm next={next} />
      <p className="mt-4 text-center text-sm">
        <Link href="/forgot-password" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {t("forgotPasswordLink")}
        </Link>
      </p>
    </AuthCard>
  );
}
