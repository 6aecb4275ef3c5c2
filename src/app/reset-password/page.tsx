import type { Metadata } from "next";
import { Link } from "~/components/ui/link";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "~/components/auth/auth-card";
import { ResetPasswordForm } from "~/components/auth/reset-password-form";
import { Alert } from "~/components/ui/alert";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("resetTitle") };
}

const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline";

/** The page a reset mail links to (src/server/mail/password-reset-mail.ts); the token is checked when it is used. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const t = await getTranslations("auth");
  return (
    <AuthCard
      title={t("resetTitle")}
      description={t("resetDescription")}
      footer={
        <Link href="/forgot-password" className={linkClass}>
          {t("askNewLink")}
        </Link>
      }
    >
      {typeof token === "string" && token !== "" ? (
        <ResetPasswordForm token={token} />
      ) : (
        <Alert tone="error">{t("resetLinkIncomplete")}</Alert>
      )}
    </AuthCard>
  );
}
