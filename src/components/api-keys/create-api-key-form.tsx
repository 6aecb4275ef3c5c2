"use client";

import { useTranslations } from "next-intl";
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
import { API_KEY_SCOPES } from "~/domain/roles";
import { trpc } from "~/lib/trpc/react";

const FIELDS = ["name", "organizationId", "expiresAt", "scope"] as const;

export type CreateApiKeyFormProps = {
  organizations: { id: string; name: string }[];
  defaultOrganizationId: string;
};

function parseKey(data: FormData) {
  return ZApiKeyCreateInput.safeParse({
    name: data.get("name"),
    organizationId: data.get("organizationId"),
    expiresAt: expiresAtFromForm(data),
    scope: data.get("scope"),
  });
}

/**
 * Creates a key for one of the user's organizations (the current one preselected), optionally expiring, with a scope
 * (`write` preselected), and shows its token once.
 */
export function CreateApiKeyForm({ organizations, defaultOrganizationId }: CreateApiKeyFormProps) {
  const t = useTranslations("apiKeys");
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
        <SecretOncePanel title={t("copyNow")} label={t("newKey")} secret={token} kind="key" onDone={onDone}>
          {t("onlyTime", { name })}
        </SecretOncePanel>
      )}
    >
      {(errors) => (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={t("organization")} error={errors.fields.organizationId}>
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
            <ExpiryDateField label={t("expiresOn")} hint={t("expiresHint")} error={errors.fields.expiresAt} />
            <Field label={t("scope")} hint={t("scopeHint")} error={errors.fields.scope}>
              {(control) => (
                <Select {...control} name="scope" defaultValue="write">
                  {API_KEY_SCOPES.map((scope) => (
                    <option key={scope} value={scope}>
                      {t(`scopes.${scope}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <TextField
              className="flex-1"
              label={t("keyName")}
              name="name"
              required
              maxLength={100}
              autoComplete="off"
              hint={t("keyNameHint")}
              error={errors.fields.name}
            />
            <Button type="submit" className="sm:mt-7" disabled={create.isPending}>
              {create.isPending ? t("creating") : t("create")}
            </Button>
          </div>
        </>
      )}
    </SecretCreateForm>
  );
}
