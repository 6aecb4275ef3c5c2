"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { NewApiKeyPanel } from "~/components/api-keys/new-api-key-panel";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { focusFirstInvalid, formErrorsFromTrpc, formErrorsFromZod, NO_ERRORS, type FormErrors } from "~/lib/form-errors";
import { ZApiKeyCreateInput } from "~/domain/identity-schemas";
import { trpc } from "~/lib/trpc/react";

const FIELDS = ["name"] as const;
type Field = (typeof FIELDS)[number];

/** Creates a key and shows its token once; the token lives only in this component's state, never in a URL. */
export function CreateApiKeyForm() {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FormErrors<Field>>(NO_ERRORS);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const create = trpc.apiKeys.create.useMutation();

  function showErrors(next: FormErrors<Field>) {
    flushSync(() => setErrors(next));
    focusFirstInvalid(formRef.current);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = ZApiKeyCreateInput.safeParse({ name: new FormData(form).get("name") });
    if (!parsed.success) return showErrors(formErrorsFromZod(parsed.error, FIELDS));
    setErrors(NO_ERRORS);
    setCreated(null);
    try {
      const key = await create.mutateAsync(parsed.data);
      form.reset();
      setCreated({ name: key.name ?? parsed.data.name, token: key.token });
      router.refresh();
    } catch (error) {
      showErrors(formErrorsFromTrpc(error, FIELDS, "name"));
    }
  }

  return (
    <div className="space-y-4">
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-3">
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField
            className="flex-1"
            label="Key name"
            name="name"
            required
            maxLength={100}
            autoComplete="off"
            hint="Say where it is used, for example “ERP sync”."
            error={errors.fields.name}
          />
          <Button type="submit" className="sm:mt-7" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create key"}
          </Button>
        </div>
      </form>
      {created ? <NewApiKeyPanel name={created.name} token={created.token} onDone={() => setCreated(null)} /> : null}
    </div>
  );
}
