import type { Metadata } from "next";
import { Link } from "~/components/ui/link";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "~/components/auth/auth-card";
import { ForgotPasswordForm } from "~/components/auth/forgot-password-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("forgotTitle") };
}

export default async function ForgotPasswordPage() {
  const t = await getTranslations("auth");
  return (
    <AuthCard
      title={t("forgotTitle")}
      description={t("forgotDescription")}
      footer={
        <Link href="/sign-in" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {t("backToSignIn")}
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
