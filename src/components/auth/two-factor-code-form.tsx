"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState, type SubmitEvent } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { authClient } from "~/lib/auth-client";
import { formText } from "~/lib/form-text";
import { useFormErrors } from "~/lib/use-form-errors";

const FIELDS = ["code"] as const;

export type TwoFactorCodeFormProps = {
  onSignedIn: () => void;
  /** The sign-in must start again (too many wrong codes, or the ten minutes for the code are over). */
  onRestart: (reason: string) => void;
};

/**
 * The second step of a sign-in with two-factor sign-in on (docs/security.md §Two-factor): a code from the
 * authenticator app, or one of the backup codes, each usable once.
 */
export function TwoFactorCodeForm({ onSignedIn, onRestart }: TwoFactorCodeFormProps) {
  const t = useTranslations("twoFactor");
  const { formRef, errors, show } = useFormErrors(FIELDS);
  const [isBackupCode, setIsBackupCode] = useState(false);
  const [isPending, setIsPending] = useState(false);

  // The step replaces the password form under the member's focus: the code field takes it, as does the other kind's.
  useEffect(() => formRef.current?.querySelector("input")?.focus(), [formRef, isBackupCode]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = formText(new FormData(event.currentTarget), "code").replace(/\s+/g, "");
    if (code === "") return show({ fields: { code: t(isBackupCode ? "backupCodeMissing" : "codeMissing") } });
    setIsPending(true);
    const { error } = isBackupCode
      ? await authClient.twoFactor.verifyBackupCode({ code })
      : await authClient.twoFactor.verifyTotp({ code });
    setIsPending(false);
    if (!error) return onSignedIn();
    if (error.code === "INVALID_CODE" || error.code === "INVALID_BACKUP_CODE") {
      return show({ fields: { code: t(isBackupCode ? "wrongBackupCode" : "wrongCode") } });
    }
    if (error.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") return onRestart(t("tooManyCodes"));
    if (error.code === "INVALID_TWO_FACTOR_COOKIE") return onRestart(t("codeStepExpired"));
    show({ fields: {}, form: error.status === 429 ? t("tooManyAttempts") : (error.message ?? t("codeFailed")) });
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      <p className="text-sm text-slate-700">{t(isBackupCode ? "backupCodePrompt" : "codePrompt")}</p>
      <TextField
        key={isBackupCode ? "backup" : "totp"}
        label={t(isBackupCode ? "backupCodeLabel" : "codeLabel")}
        name="code"
        autoComplete="one-time-code"
        inputMode={isBackupCode ? "text" : "numeric"}
        spellCheck={false}
        required
        error={errors.fields.code}
      />
      <Button type="submit" className="w-full" disabled={isPending}>
        {isPending ? t("verifying") : t("verify")}
      </Button>
      <Button type="button" variant="ghost" size="sm" className="w-full" onClick={() => setIsBackupCode(!isBackupCode)}>
        {t(isBackupCode ? "useAppCode" : "useBackupCode")}
      </Button>
    </form>
  );
}
