"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { focusFirstInvalid, formErrorsFromTrpc, formErrorsFromZod, NO_ERRORS, type FormErrors } from "~/lib/form-errors";
import { ZOrganizationCreateInput } from "~/domain/identity-schemas";
import { trpc } from "~/lib/trpc/react";

const FIELDS = ["name"] as const;
type Field = (typeof FIELDS)[number];

export function CreateOrganizationForm() {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FormErrors<Field>>(NO_ERRORS);
  const create = trpc.organizations.create.useMutation();

  function showErrors(next: FormErrors<Field>) {
    flushSync(() => setErrors(next));
    focusFirstInvalid(formRef.current);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZOrganizationCreateInput.safeParse({ name: new FormData(event.currentTarget).get("name") });
    if (!parsed.success) return showErrors(formErrorsFromZod(parsed.error, FIELDS));
    setErrors(NO_ERRORS);
    try {
      const organization = await create.mutateAsync(parsed.data);
      router.push(`/orgs/${organization.id}`);
      // The header's switcher is rendered by the layout, which a navigation alone does not re-render.
      router.refresh();
    } catch (error) {
      showErrors(formErrorsFromTrpc(error, FIELDS, "name"));
    }
  }

  const isPending = create.isPending || create.isSuccess;
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      <TextField
        label="Organization name"
        name="name"
        required
        maxLength={100}
        autoComplete="organization"
        hint="Usually your company or team. You can invite members next."
        error={errors.fields.name}
      />
      <Button type="submit" disabled={isPending}>
        {isPending ? "Creating…" : "Create organization"}
      </Button>
    </form>
  );
}
