"use client";

import { useTranslations } from "next-intl";
import { useState, type SubmitEvent } from "react";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { ZPassword } from "~/domain/identity-schemas";
import { authClient } from "~/lib/auth-client";
import { useFormErrors } from "~/lib/use-form-errors";
import { useIsHydrated } from "~/lib/use-is-hydrated";

const FIELDS = ["password"] as const;
const ZResetPasswordInput = z.object({ password: ZPassword });

/** Sets a new password with the one-time token of a reset mail; every session of the account ends. */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations("auth");
  const { formRef, errors, show, showInvalid } = useFormErrors(FIELDS);
  const isHydrated = useIsHydrated();
  const [state, setState] = useState<"idle" | "saving" | "done">("idle");

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZResetPasswordInput.safeParse({ password: new FormData(event.currentTarget).get("password") });
    if (!parsed.success) return showInvalid(parsed.error);
    setState("saving");
    const { error } = await authClient.resetPassword({ newPassword: parsed.data.password, token });
    if (error) {
      setState("idle");
      const message = error.code === "INVALID_TOKEN" ? t("resetLinkInvalid") : (error.message ?? t("tryAgain"));
      return show({ fields: {}, form: message });
    }
    setState("done");
  }

  if (state === "done") {
    return (
      <Alert tone="success">
        {t.rich("passwordChanged", {
          link: (chunks) => (
            <a href="/sign-in" className="font-medium underline">
              {chunks}
            </a>
          ),
        })}
      </Alert>
    );
  }
  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-4">
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      <TextField
        label={t("newPassword")}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.fields.password}
      />
      <Button type="submit" className="w-full" disabled={state === "saving" || !isHydrated}>
        {state === "saving" ? t("saving") : t("setNewPassword")}
      </Button>
    </form>
  );
}
