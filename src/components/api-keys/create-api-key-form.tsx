"use client";

import { useRouter } from "next/navigation";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { ExpiryDateField, expiresAtFromForm } from "~/components/ui/expiry-date-field";
import { Field } from "~/components/ui/field";
import { SecretCreateForm } from "~/components/ui/secret-create-form";
import { SecretOncePanel } from "~/components/ui/secret-once-panel";
import { Select } from "~/components/ui/select";
import { TextField } from "~/components/ui/text-field";
import { ZApiKeyCreateInput } from "~/domain/identity-schemas";
import { trpc } from "~/lib/trpc/react";

const FIELDS = ["name", "organizationId", "expiresAt"] as const;

export type CreateApiKeyFormProps = {
  organizations: { id: string; name: string }[];
  defaultOrganizationId: string;
};

function parseKey(data: FormData) {
  return ZApiKeyCreateInput.safeParse({
    name: data.get("name"),
    organizationId: data.get("organizationId"),
    expiresAt: expiresAtFromForm(data),
  });
}

/**
 * Creates a key for one of the user's organizations (the current one preselected), optionally expiring, and shows its
 * token once.
 */
export function CreateApiKeyForm({ organizations, defaultOrganizationId }: CreateApiKeyFormProps) {
  const router = useRouter();
  const create = trpc.apiKeys.create.useMutation();

  async function createKey(input: z.output<typeof ZApiKeyCreateInput>) {
    const key = await create.mutateAsync({ ...input, expiresAt: input.expiresAt?.toISOString() });
    return { name: key.name ?? input.name, token: key.token };
  }

  return (
    <SecretCreateForm
      fields={FIELDS}
      parse={parseKey}
      create={createKey}
      onCreated={() => router.refresh()}
      renderSecret={({ name, token }, onDone) => (
        <SecretOncePanel title="Copy your new key now" label="New API key" secret={token} noun="key" onDone={onDone}>
          This is the only time the key “{name}” is shown. Store it somewhere safe; if you lose it, create a new one.
        </SecretOncePanel>
      )}
    >
      {(errors) => (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Organization" error={errors.fields.organizationId}>
              {(control) => (
                <Select {...control} name="organizationId" defaultValue={defaultOrganizationId}>
                  {organizations.map((organization) => (
                    <option key={organization.id} value={organization.id}>
                      {organization.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <ExpiryDateField
              label="Expires on (optional)"
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
        </>
      )}
    </SecretCreateForm>
  );
}
