"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { focusFirstInvalid, formErrorsFromTrpc, formErrorsFromZod, NO_ERRORS, type FormErrors } from "~/lib/form-errors";
import { ZMemberAddInput } from "~/domain/identity-schemas";
import { trpc } from "~/lib/trpc/react";

const FIELDS = ["email"] as const;
type Field = (typeof FIELDS)[number];

export type AddMemberFormProps = { organizationId: string };

/** Adds an existing user by email; the list above is server-rendered, so a refresh shows the new member. */
export function AddMemberForm({ organizationId }: AddMemberFormProps) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FormErrors<Field>>(NO_ERRORS);
  const [added, setAdded] = useState<string | null>(null);
  const add = trpc.organizations.members.add.useMutation();

  function showErrors(next: FormErrors<Field>) {
    flushSync(() => setErrors(next));
    focusFirstInvalid(formRef.current);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setAdded(null);
    const parsed = ZMemberAddInput.safeParse({ organizationId, email: new FormData(form).get("email") });
    if (!parsed.success) return showErrors(formErrorsFromZod(parsed.error, FIELDS));
    setErrors(NO_ERRORS);
    try {
      await add.mutateAsync(parsed.data);
      form.reset();
      setAdded(parsed.data.email);
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
          hint="They need an account already."
          error={errors.fields.email}
        />
        <Button type="submit" className="sm:mt-7" disabled={add.isPending}>
          {add.isPending ? "Adding…" : "Add member"}
        </Button>
      </div>
      <div aria-live="polite">{added ? <Alert tone="success">Added {added}.</Alert> : null}</div>
    </form>
  );
}
