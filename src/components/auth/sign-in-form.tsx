"use client";

import { useTranslations } from "next-intl";
import { useState, type SubmitEvent } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { TwoFactorCodeForm } from "~/components/auth/two-factor-code-form";
import { authClient } from "~/lib/auth-client";
import { useFormErrors } from "~/lib/use-form-errors";
import { useIsHydrated } from "~/lib/use-is-hydrated";
import { ZSignInInput } from "~/domain/identity-schemas";

const FIELDS = ["email", "password"] as const;

export type SignInFormProps = {
  /** Where to go once signed in (a path of this app, chosen by the page). */
  next?: string;
  /** Instead of going anywhere: signed in in place, on the page the member is on (a session that ended mid-edit). */
  onSignedIn?: () => void;
};

export function SignInForm({ next = "/", onSignedIn }: SignInFormProps) {
  const t = useTranslations("auth");
  const { formRef, errors, show, showInvalid } = useFormErrors(FIELDS);
  const isHydrated = useIsHydrated();
  const [isPending, setIsPending] = useState(false);
  /** After the password of a member with two-factor sign-in on: the code step (docs/security.md §Two-factor). */
  const [isCodeStep, setIsCodeStep] = useState(false);
  const [restartReason, setRestartReason] = useState<string>();

  function onSignedInFully() {
    if (onSignedIn) {
      setIsPending(false);
      setIsCodeStep(false);
      onSignedIn();
      return;
    }
    // A full load, so the header and every server component render for the signed-in user.
    window.location.assign(next);
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = ZSignInInput.safeParse({ email: data.get("email"), password: data.get("password") });
    if (!parsed.success) return showInvalid(parsed.error);

    setIsPending(true);
    setRestartReason(undefined);
    const { data: answer, error } = await authClient.signIn.email(parsed.data);
    if (error) {
      setIsPending(false);
      // Never say which of the two was wrong: that would tell a stranger which emails have accounts.
      const message = error.status === 401 ? t("wrongCredentials") : (error.message ?? t("signInFailed"));
      return show({ fields: {}, form: message });
    }
    if ("twoFactorRedirect" in answer && answer.twoFactorRedirect) {
      setIsPending(false);
      return setIsCodeStep(true);
    }
    onSignedInFully();
  }

  if (isCodeStep) {
    const onRestart = (reason: string) => {
      setIsCodeStep(false);
      setRestartReason(reason);
    };
    return <TwoFactorCodeForm onSignedIn={onSignedInFully} onRestart={onRestart} />;
  }
  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-4">
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      {restartReason && !errors.form ? <Alert tone="error">{restartReason}</Alert> : null}
      <TextField
        label={t("email")}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={errors.fields.email}
      />
      <TextField
        label={t("password")}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.fields.password}
      />
      <Button type="submit" className="w-full" disabled={isPending || !isHydrated}>
        {isPending ? t("signingIn") : t("signIn")}
      </Button>
    </form>
  );
}
