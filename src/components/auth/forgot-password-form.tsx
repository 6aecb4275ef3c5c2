"use client";

import { useTranslations } from "next-intl";
import { useState, type SubmitEvent } from "react";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { ZEmail } from "~/domain/identity-schemas";
import { authClient } from "~/lib/auth-client";
import { useFormErrors } from "~/lib/use-form-errors";
import { useIsHydrated } from "~/lib/use-is-hydrated";

const FIELDS = ["email"] as const;
const ZForgotPasswordInput = z.object({ email: ZEmail });

/** Asks for a reset link; the answer is the same whether the address has an account or not. */
export function ForgotPasswordForm() {
  const t = useTranslations("auth");
  const { formRef, errors, show, showInvalid } = useFormErrors(FIELDS);
  const isHydrated = useIsHydrated();
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZForgotPasswordInput.safeParse({ email: new FormData(event.currentTarget).get("email") });
    if (!parsed.success) return showInvalid(parsed.error);
    setState("sending");
    const { error } = await authClient.requestPasswordReset({ email: parsed.data.email });
    if (error) {
      setState("idle");
      return show({ fields: {}, form: error.message ?? t("resetSendFailed") });
    }
    setState("sent");
  }

  if (state === "sent") {
    return <Alert tone="success">{t("resetSent")}</Alert>;
  }
  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-4">
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      <TextField
        label={t("email")}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={errors.fields.email}
      />
      <Button type="submit" className="w-full" disabled={state === "sending" || !isHydrated}>
        {state === "sending" ? t("sending") : t("sendResetLink")}
      </Button>
    </form>
  );
}
