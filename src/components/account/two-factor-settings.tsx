"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import QRCode from "qrcode";
import { useEffect, useState, type SubmitEvent } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { authClient } from "~/lib/auth-client";
import { formText } from "~/lib/form-text";
import { useFormErrors } from "~/lib/use-form-errors";

export type TwoFactorSettingsProps = { isEnabled: boolean };

/** Set up between the password and the first code: the authenticator app's entry and the backup codes to show after. */
type Setup = { totpURI: string; backupCodes: string[] };

/**
 * Two-factor sign-in in the member's settings (docs/security.md §Two-factor): the password starts the setup, the
 * authenticator app takes the QR code (or the secret typed in), a first code confirms it, and the backup codes are
 * shown once. Turning it off takes the password and a current code (or a backup code).
 */
export function TwoFactorSettings({ isEnabled }: TwoFactorSettingsProps) {
  const router = useRouter();
  const [setup, setSetup] = useState<Setup>();
  const [confirmedCodes, setConfirmedCodes] = useState<string[]>();
  if (confirmedCodes) return <BackupCodes codes={confirmedCodes} onDone={() => setConfirmedCodes(undefined)} />;
  if (setup) {
    const onConfirmed = () => {
      setSetup(undefined);
      setConfirmedCodes(setup.backupCodes);
      // The page's status above says "on" at once, while the codes stay shown until the member has kept them.
      router.refresh();
    };
    return <ConfirmSetup setup={setup} onConfirmed={onConfirmed} />;
  }
  return isEnabled ? <DisableStep onDone={() => router.refresh()} /> : <EnableStep onDone={setSetup} />;
}

const PASSWORD_FIELDS = ["password"] as const;

/** The password starts the setup. */
function EnableStep({ onDone }: { onDone: (setup: Setup) => void }) {
  const t = useTranslations("twoFactor");
  const { formRef, errors, show } = useFormErrors(PASSWORD_FIELDS);
  const [isPending, setIsPending] = useState(false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = passwordOf(new FormData(event.currentTarget));
    if (password === "") return show({ fields: { password: t("passwordMissing") } });
    setIsPending(true);
    const answer = await authClient.twoFactor.enable({ password });
    setIsPending(false);
    if (answer.error) return show(refusal(answer.error, t));
    const { totpURI, backupCodes } = answer.data as Partial<Setup>;
    if (totpURI && backupCodes) onDone({ totpURI, backupCodes });
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-slate-700">{t("offIntro")}</p>
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      <PasswordField error={errors.fields.password} />
      <Button type="submit" disabled={isPending}>
        {t("enable")}
      </Button>
    </form>
  );
}

const DISABLE_FIELDS = ["password", "code"] as const;

/**
 * Turning it off takes the password and a current code from the app or an unused backup code (the server checks the
 * code first, src/server/auth/auth.ts): whoever learnt the password alone cannot remove the second factor.
 */
function DisableStep({ onDone }: { onDone: () => void }) {
  const t = useTranslations("twoFactor");
  const { formRef, errors, show } = useFormErrors(DISABLE_FIELDS);
  const [isPending, setIsPending] = useState(false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = passwordOf(data);
    const code = formText(data, "code").replace(/\s+/g, "");
    if (password === "" || code === "") {
      return show({
        fields: {
          ...(password === "" && { password: t("passwordMissing") }),
          ...(code === "" && { code: t("disableCodeMissing") }),
        },
      });
    }
    setIsPending(true);
    // `code` is read by the app's check before better-auth's endpoint, which knows only the password.
    const answer = await authClient.twoFactor.disable({ password, code } as { password: string });
    setIsPending(false);
    if (!answer.error) return onDone();
    const isWrongCode = answer.error.code === "INVALID_CODE" || answer.error.code === "INVALID_BACKUP_CODE";
    show(isWrongCode ? { fields: { code: t("disableWrongCode") } } : refusal(answer.error, t));
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-slate-700">{t("onIntro")}</p>
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      <PasswordField error={errors.fields.password} />
      <TextField
        label={t("disableCodeLabel")}
        name="code"
        autoComplete="one-time-code"
        spellCheck={false}
        required
        className="max-w-xs"
        hint={t("disableCodeHint")}
        error={errors.fields.code}
      />
      <Button type="submit" variant="danger" disabled={isPending}>
        {t("disable")}
      </Button>
    </form>
  );
}

function PasswordField({ error }: { error: string | undefined }) {
  const t = useTranslations("twoFactor");
  return (
    <TextField
      label={t("password")}
      name="password"
      type="password"
      autoComplete="current-password"
      required
      className="max-w-sm"
      error={error}
    />
  );
}

function passwordOf(data: FormData): string {
  const entered = data.get("password");
  return typeof entered === "string" ? entered : "";
}

/** A refusal at the password field when it is the password, else above the form. */
function refusal(error: { code?: string; status: number; message?: string }, t: ReturnType<typeof useTranslations<"twoFactor">>) {
  return error.code === "INVALID_PASSWORD"
    ? { fields: { password: t("wrongPassword") } }
    : { fields: {}, form: answerMessage(error, t) };
}

const CODE_FIELDS = ["code"] as const;

function ConfirmSetup({ setup, onConfirmed }: { setup: Setup; onConfirmed: () => void }) {
  const t = useTranslations("twoFactor");
  const { formRef, errors, show } = useFormErrors(CODE_FIELDS);
  const [isPending, setIsPending] = useState(false);
  const [qrCode, setQrCode] = useState<string>();
  const secret = new URL(setup.totpURI).searchParams.get("secret") ?? "";

  useEffect(() => {
    void QRCode.toDataURL(setup.totpURI, { errorCorrectionLevel: "M", margin: 4, width: 200 }).then(setQrCode);
  }, [setup.totpURI]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = formText(new FormData(event.currentTarget), "code").replace(/\s+/g, "");
    if (code === "") return show({ fields: { code: t("codeMissing") } });
    setIsPending(true);
    const { error } = await authClient.twoFactor.verifyTotp({ code });
    setIsPending(false);
    if (!error) return onConfirmed();
    show(error.code === "INVALID_CODE" ? { fields: { code: t("wrongCode") } } : { fields: {}, form: answerMessage(error, t) });
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-slate-700">{t("scanIntro")}</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL drawn in the browser, nothing to optimise */}
      {qrCode ? <img src={qrCode} alt={t("qrAlt")} width={200} height={200} className="rounded border border-slate-200" /> : null}
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-800">{t("secretLabel")}</p>
        <p className="font-mono text-sm break-all text-slate-900" data-testid="two-factor-secret">
          {secret}
        </p>
      </div>
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      <TextField
        label={t("codeLabel")}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        spellCheck={false}
        required
        className="max-w-xs"
        error={errors.fields.code}
      />
      <Button type="submit" disabled={isPending}>
        {isPending ? t("verifying") : t("confirm")}
      </Button>
    </form>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useTranslations("twoFactor");
  return (
    <section aria-labelledby="backup-codes-heading" className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <h2 id="backup-codes-heading" className="font-semibold text-emerald-900">
        {t("enabledTitle")}
      </h2>
      <p className="text-sm text-emerald-900">{t("backupCodesIntro")}</p>
      <ul aria-label={t("backupCodesLabel")} className="grid grid-cols-2 gap-2 font-mono text-sm text-slate-900 sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onDone}>
        {t("backupCodesDone")}
      </Button>
    </section>
  );
}

/** A refusal in words: too many attempts, or better-auth's own message. */
function answerMessage(error: { status: number; message?: string }, t: ReturnType<typeof useTranslations<"twoFactor">>): string {
  return error.status === 429 ? t("tooManyAttempts") : (error.message ?? t("codeFailed"));
}
