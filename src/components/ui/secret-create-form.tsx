"use client";

import { useState, type ReactNode, type SubmitEvent } from "react";
import type { z } from "zod";
import { Alert } from "~/components/ui/alert";
import type { FormErrors } from "~/lib/form-errors";
import { useFormErrors } from "~/lib/use-form-errors";

export type SecretCreateFormProps<TField extends string, TInput, TSecret> = {
  /** The form's field names, where the schema's and the server's issues are shown. */
  fields: readonly TField[];
  "aria-label"?: string;
  /** The form's values checked with the shared schema. */
  parse: (data: FormData) => z.ZodSafeParseResult<TInput>;
  /** Sends the checked values; answers what the secret panel shows. */
  create: (input: TInput) => Promise<TSecret>;
  onCreated: () => void;
  /** The fields and the submit button, with the errors to show beside them. */
  children: (errors: FormErrors<TField>) => ReactNode;
  /** The one showing of the new secret, below the form; `onDone` hides it. */
  renderSecret: (secret: TSecret, onDone: () => void) => ReactNode;
};

/**
 * A form that creates something whose secret is shown once (an API key, an access grant): checks the values with
 * the shared schema, sends them, clears the form and keeps the answer only in this component's state, never in a URL.
 */
export function SecretCreateForm<TField extends string, TInput, TSecret>({
  fields,
  "aria-label": ariaLabel,
  parse,
  create,
  onCreated,
  children,
  renderSecret,
}: SecretCreateFormProps<TField, TInput, TSecret>) {
  const { formRef, errors, clear, showInvalid, showFailed } = useFormErrors(fields);
  const [created, setCreated] = useState<{ secret: TSecret } | null>(null);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = parse(new FormData(form));
    if (!parsed.success) return showInvalid(parsed.error);
    clear();
    setCreated(null);
    try {
      const secret = await create(parsed.data);
      form.reset();
      setCreated({ secret });
      onCreated();
    } catch (error) {
      // A refusal without field issues (say, not a member of the organization) is about the whole form.
      showFailed(error);
    }
  }

  return (
    <div className="space-y-4">
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-3" aria-label={ariaLabel}>
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
        {children(errors)}
      </form>
      {created ? renderSecret(created.secret, () => setCreated(null)) : null}
    </div>
  );
}
