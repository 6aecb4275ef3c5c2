"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { authClient } from "~/lib/auth-client";

export type ResendVerificationButtonProps = { email: string };

/** Mails a fresh verification link (better-auth's /send-verification-email), e.g. after the first one expired. */
export function ResendVerificationButton({ email }: ResendVerificationButtonProps) {
  const t = useTranslations("invitations");
  const [state, setState] = useState<"idle" | "sending" | "sent" | "failed">("idle");
  async function onClick() {
    setState("sending");
    const { error } = await authClient.sendVerificationEmail({ email, callbackURL: "/" });
    setState(error ? "failed" : "sent");
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button size="sm" variant="secondary" disabled={state === "sending"} onClick={onClick}>
        {t("resend")}
      </Button>
      <span aria-live="polite" className="text-sm">
        {state === "sent" ? t("resent") : state === "failed" ? t("resendFailed") : ""}
      </span>
    </span>
  );
}
