"use client";

import { useTranslations } from "next-intl";
import { useState, type SubmitEvent } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { authClient } from "~/lib/auth-client";
import { useFormErrors } from "~/lib/use-form-errors";
import { useIsHydrated } from "~/lib/use-is-hydrated";
import { ZSignUpInput } from "~/domain/identity-schemas";

const FIELDS = ["name", "email", "password"] as const;
type Field = (typeof FIELDS)[number];

/** better-auth's error codes for sign-up, each placed at the field it is about. */
const FIELD_OF_ERROR_CODE: Record<string, Field> = {
  USER_ALREADY_EXISTS: "email",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "email",
  INVALID_EMAIL: "email",
  PASSWORD_TOO_SHORT: "password",
  PASSWORD_TOO_LONG: "password",
};

/** better-auth's codes the form words itself (in the member's language); any other shows better-auth's message. */
const CODES_OF_EXISTING_ACCOUNT = new Set(["USER_ALREADY_EXISTS", "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"]);

/** `invitation`: the one the page was opened from; its address is filled in, and the new account lands on it. */
export type SignUpFormProps = { invitation?: { id: string; email: string } };

export function SignUpForm({ invitation }: SignUpFormProps) {
  const t = useTranslations("auth");
  const { formRef, errors, show, showInvalid } = useFormErrors(FIELDS);
  const isHydrated = useIsHydrated();
  const [isPending, setIsPending] = useState(false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = ZSignUpInput.safeParse({
      name: data.get("name"),
      email: data.get("email"),
      password: data.get("password"),
    });
    if (!parsed.success) return showInvalid(parsed.error);

    setIsPending(true);
    const { error } = await authClient.signUp.email(parsed.data);
    if (error) {
      setIsPending(false);
      const code = error.code ?? "";
      const message = CODES_OF_EXISTING_ACCOUNT.has(code) ? t("accountExists") : (error.message ?? t("signUpFailed"));
      const field = FIELD_OF_ERROR_CODE[code];
      return show(field ? { fields: { [field]: message } } : { fields: {}, form: message });
    }
    // Signed in already; the front door sends a user without organizations on to create one, an invited one goes
    // back to the invitation.
    window.location.assign(invitation ? `/invitations/${invitation.id}` : "/");
  }

  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-4">
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      <TextField label={t("name")} name="name" autoComplete="name" required error={errors.fields.name} />
      <TextField
        label={t("email")}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        defaultValue={invitation?.email}
        error={errors.fields.email}
      />
      <TextField
        label={t("password")}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        hint={t("passwordHint")}
        error={errors.fields.password}
      />
      <Button type="submit" className="w-full" disabled={isPending || !isHydrated}>
        {isPending ? t("creatingAccount") : t("createAccount")}
      </Button>
    </form>
  );
}
