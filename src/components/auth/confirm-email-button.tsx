"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";

/** `next`: where to go once verified (the invitation an invited new user signed up from), if anywhere. */
export type ConfirmEmailButtonProps = { token: string; email: string; next?: string };

/**
 * The explicit step of email verification: opening the link only shows the account; this button (a POST) verifies
 * it, so a mail scanner that follows links verifies nothing.
 */
export function ConfirmEmailButton({ token, email, next }: ConfirmEmailButtonProps) {
  const t = useTranslations("auth");
  const [state, setState] = useState<{ status: "idle" | "sending" | "done" } | { status: "failed"; message: string }>({
    status: "idle",
  });
  async function onClick() {
    setState({ status: "sending" });
    const response = await fetch("/api/auth/confirm-email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token }),
    }).catch(() => null);
    if (response?.ok) {
      setState({ status: "done" });
      if (next) window.location.assign(next);
      return;
    }
    const body = (await response?.json().catch(() => null)) as { message?: string } | null;
    setState({ status: "failed", message: body?.message ?? t("verifyFailed") });
  }
  if (state.status === "done") {
    return <Alert tone="success">{t("verifiedInvitations", { email })}</Alert>;
  }
  return (
    <div className="space-y-3">
      {state.status === "failed" ? <Alert tone="error">{state.message}</Alert> : null}
      <Button className="w-full" disabled={state.status === "sending"} onClick={onClick}>
        {state.status === "sending" ? t("verifying") : t("verify")}
      </Button>
    </div>
  );
}
