"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type SubmitEvent } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { useFormErrors } from "~/lib/use-form-errors";
import { ZInvitationCreateInput } from "~/domain/identity-schemas";
import { trpc } from "~/lib/trpc/react";

const FIELDS = ["email"] as const;

export type InviteMemberFormProps = { organizationId: string };

/** Invites by email; the pending list below is server-rendered, so a refresh shows the new invitation. */
export function InviteMemberForm({ organizationId }: InviteMemberFormProps) {
  const t = useTranslations("organizations");
  const router = useRouter();
  const { formRef, errors, clear, showInvalid, showFailed } = useFormErrors(FIELDS);
  const [invited, setInvited] = useState<string | null>(null);
  const invite = trpc.invitations.create.useMutation();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setInvited(null);
    const parsed = ZInvitationCreateInput.safeParse({ organizationId, email: new FormData(form).get("email") });
    if (!parsed.success) return showInvalid(parsed.error);
    clear();
    try {
      await invite.mutateAsync(parsed.data);
      form.reset();
      setInvited(parsed.data.email);
      router.refresh();
    } catch (error) {
      showFailed(error, "email");
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-3">
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          className="flex-1"
          label={t("emailLabel")}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="off"
          required
          hint={t("emailHint")}
          error={errors.fields.email}
        />
        <Button type="submit" className="sm:mt-7" disabled={invite.isPending}>
          {invite.isPending ? t("sending") : t("sendInvitation")}
        </Button>
      </div>
      <div aria-live="polite">{invited ? <Alert tone="success">{t("invitationSent", { email: invited })}</Alert> : null}</div>
    </form>
  );
}
