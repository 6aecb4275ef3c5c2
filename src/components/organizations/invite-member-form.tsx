"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type SubmitEvent } from "react";
import { flushSync } from "react-dom";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { focusFirstInvalid, formErrorsFromTrpc, formErrorsFromZod, NO_ERRORS, type FormErrors } from "~/lib/form-errors";
import { ZInvitationCreateInput } from "~/domain/identity-schemas";
import { trpc } from "~/lib/trpc/react";

const FIELDS = ["email"] as const;
type Field = (typeof FIELDS)[number];

export type InviteMemberFormProps = { organizationId: string };

/** Invites by email; the pending list below is server-rendered, so a refresh shows the new invitation. */
export function InviteMemberForm({ organizationId }: InviteMemberFormProps) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FormErrors<Field>>(NO_ERRORS);
  const [invited, setInvited] = useState<string | null>(null);
  const invite = trpc.invitations.create.useMutation();

  function showErrors(next: FormErrors<Field>) {
    flushSync(() => setErrors(next));
    focusFirstInvalid(formRef.current);
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setInvited(null);
    const parsed = ZInvitationCreateInput.safeParse({ organizationId, email: new FormData(form).get("email") });
    if (!parsed.success) return showErrors(formErrorsFromZod(parsed.error, FIELDS));
    setErrors(NO_ERRORS);
    try {
      await invite.mutateAsync(parsed.data);
      form.reset();
      setInvited(parsed.data.email);
      router.refresh();
    } catch (error) {
      showErrors(formErrorsFromTrpc(error, FIELDS, "email"));
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-3">
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          className="flex-1"
          label="Email address"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="off"
          required
          hint="They join once they accept, signed in with this address and having verified it."
          error={errors.fields.email}
        />
        <Button type="submit" className="sm:mt-7" disabled={invite.isPending}>
          {invite.isPending ? "Sending…" : "Send invitation"}
        </Button>
      </div>
      <div aria-live="polite">{invited ? <Alert tone="success">Invitation sent to {invited}.</Alert> : null}</div>
    </form>
  );
}
