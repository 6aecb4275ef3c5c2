"use client";

import { useRouter } from "next/navigation";
import { useState, type SubmitEvent } from "react";
import { NewApiKeyPanel } from "~/components/api-keys/new-api-key-panel";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { TextField } from "~/components/ui/text-field";
import { useFormErrors } from "~/lib/use-form-errors";
import { ZApiKeyCreateInput } from "~/domain/identity-schemas";
import { trpc } from "~/lib/trpc/react";

const FIELDS = ["name", "organizationId", "expiresAt"] as const;

export type CreateApiKeyFormProps = {
  organizations: { id: string; name: string }[];
  defaultOrganizationId: string;
};

/** The end of the chosen day in the user's own time zone, so "expires on 31 May" means all of their 31 May. */
function endOfLocalDay(date: string): string | undefined {
  return date ? new Date(`${date}T23:59:59.999`).toISOString() : undefined;
}

/**
 * Creates a key for one of the user's organizations (the current one preselected), optionally expiring, and shows its
 * token once; the token lives only in this component's state, never in a URL.
 */
export function CreateApiKeyForm({ organizations, defaultOrganizationId }: CreateApiKeyFormProps) {
  const router = useRouter();
  const { formRef, errors, clear, showInvalid, showFailed } = useFormErrors(FIELDS);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const create = trpc.apiKeys.create.useMutation();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = ZApiKeyCreateInput.safeParse({
      name: data.get("name"),
      organizationId: data.get("organizationId"),
      expiresAt: endOfLocalDay(formText(data.get("expiresAt"))),
    });
    if (!parsed.success) return showInvalid(parsed.error);
    clear();
    setCreated(null);
    try {
      const key = await create.mutateAsync({ ...parsed.data, expiresAt: parsed.data.expiresAt?.toISOString() });
      form.reset();
      setCreated({ name: key.name ?? parsed.data.name, token: key.token });
      router.refresh();
    } catch (error) {
      // A refusal without field issues (say, not a member of the organization) is about the whole form.
      showFailed(error);
    }
  }

  return (
    <div className="space-y-4">
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-3">
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Organization" error={errors.fields.organizationId}>
            {(control) => (
              <select
                {...control}
                name="organizationId"
                defaultValue={defaultOrganizationId}
                className="block h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm sm:text-sm"
              >
                {organizations.map((organization) => (
                  <option key={organization.id} value={organization.id}>
                    {organization.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            label="Expires on (optional)"
            name="expiresAt"
            type="date"
            hint="The key stops working at the end of this day. Leave empty for a key that does not expire."
            error={errors.fields.expiresAt}
          />
        </div>
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

/** A text input's value; FormData types every entry as possibly a file. */
function formText(entry: FormDataEntryValue | null): string {
  return typeof entry === "string" ? entry : "";
}
