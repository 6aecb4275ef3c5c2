"use client";

import { useTranslations } from "next-intl";
import { SettingsForm } from "~/components/settings/settings-form";
import { useSettingsForm } from "~/components/settings/use-settings-form";
import { TextField } from "~/components/ui/text-field";
import { ZOrganizationRegistryInput } from "~/domain/procedure-inputs";
import { formText } from "~/lib/form-text";
import { trpc } from "~/lib/trpc/react";

const FIELDS = ["economicOperatorId", "backupBaseUrl"] as const;

export type OrganizationRegistryFormProps = {
  organizationId: string;
  economicOperatorId: string | null;
  backupBaseUrl: string | null;
};

/** The organization's EU registry settings; an emptied field clears its setting. */
export function OrganizationRegistryForm({ organizationId, economicOperatorId, backupBaseUrl }: OrganizationRegistryFormProps) {
  const t = useTranslations("registrySettings");
  const update = trpc.organizations.updateRegistry.useMutation();
  const form = useSettingsForm({
    fields: FIELDS,
    parse: (data) =>
      ZOrganizationRegistryInput.safeParse({
        organizationId,
        economicOperatorId: formText(data, "economicOperatorId") || null,
        backupBaseUrl: formText(data, "backupBaseUrl") || null,
      }),
    save: (input) => update.mutateAsync(input),
  });

  return (
    <SettingsForm {...form} saveLabel={t("save")} savedText={t("saved")}>
      <TextField
        label={t("economicOperatorLabel")}
        name="economicOperatorId"
        defaultValue={economicOperatorId ?? ""}
        autoComplete="off"
        hint={t("economicOperatorHint")}
        error={form.errors.fields.economicOperatorId}
      />
      <TextField
        label={t("backupBaseUrlLabel")}
        name="backupBaseUrl"
        type="url"
        defaultValue={backupBaseUrl ?? ""}
        autoComplete="off"
        hint={t("backupBaseUrlHint")}
        error={form.errors.fields.backupBaseUrl}
      />
    </SettingsForm>
  );
}
