"use client";

import { useTranslations } from "next-intl";
import { SettingsForm } from "~/components/settings/settings-form";
import { useSettingsForm } from "~/components/settings/use-settings-form";
import { TextField } from "~/components/ui/text-field";
import { ZOrganizationSigningDomainInput } from "~/domain/procedure-inputs";
import { formText } from "~/lib/form-text";
import { trpc } from "~/lib/trpc/react";

const FIELDS = ["didWebDomain"] as const;

export type SigningDomainFormProps = { organizationId: string; didWebDomain: string | null };

/**
 * The domain the organization's new versions are signed under, did:web:{domain} (docs/versions.md §Signing identity);
 * left empty, the app's own did:web. The field is checked with the schema the REST PATCH uses.
 */
export function SigningDomainForm({ organizationId, didWebDomain }: SigningDomainFormProps) {
  const t = useTranslations("orgSettings");
  const update = trpc.organizations.updateSigningDomain.useMutation();
  const form = useSettingsForm({
    fields: FIELDS,
    parse: (data) => {
      const text = formText(data, "didWebDomain");
      return ZOrganizationSigningDomainInput.safeParse({ organizationId, didWebDomain: text === "" ? null : text });
    },
    save: (input) => update.mutateAsync(input),
  });
  return (
    <SettingsForm {...form} saveLabel={t("signingDomainSave")} savedText={t("signingDomainSaved")}>
      <TextField
        label={t("signingDomainLabel")}
        name="didWebDomain"
        defaultValue={didWebDomain ?? ""}
        autoComplete="off"
        spellCheck={false}
        className="max-w-md"
        hint={t("signingDomainHint")}
        error={form.errors.fields.didWebDomain}
      />
    </SettingsForm>
  );
}
