"use client";

import { useTranslations } from "next-intl";
import { SettingsForm } from "~/components/settings/settings-form";
import { useSettingsForm } from "~/components/settings/use-settings-form";
import { TextField } from "~/components/ui/text-field";
import { PASSPORT_RETENTION_YEARS } from "~/domain/organization-settings";
import { ZOrganizationRetentionInput } from "~/domain/procedure-inputs";
import { formText } from "~/lib/form-text";
import { trpc } from "~/lib/trpc/react";

const FIELDS = ["passportRetentionYears"] as const;

export type RetentionFormProps = { organizationId: string; passportRetentionYears: number };

/** How long a deleted passport's published versions stay readable (docs/versions.md §Retention). */
export function RetentionForm({ organizationId, passportRetentionYears }: RetentionFormProps) {
  const t = useTranslations("organizations");
  const update = trpc.organizations.updateRetention.useMutation();
  const form = useSettingsForm({
    fields: FIELDS,
    parse: (data) => {
      const text = formText(data, "passportRetentionYears");
      // An empty or non-numeric field reaches the schema as NaN, which it refuses with the field's own message.
      return ZOrganizationRetentionInput.safeParse({
        organizationId,
        passportRetentionYears: text === "" ? Number.NaN : Number(text),
      });
    },
    save: (input) => update.mutateAsync(input),
  });

  return (
    <SettingsForm {...form} saveLabel={t("retentionSave")} savedText={t("retentionSaved")}>
      <TextField
        label={t("retentionLabel")}
        name="passportRetentionYears"
        type="number"
        inputMode="numeric"
        min={PASSPORT_RETENTION_YEARS.min}
        max={PASSPORT_RETENTION_YEARS.max}
        step={1}
        defaultValue={passportRetentionYears}
        className="max-w-xs"
        hint={t("retentionHint", PASSPORT_RETENTION_YEARS)}
        error={form.errors.fields.passportRetentionYears}
      />
    </SettingsForm>
  );
}
