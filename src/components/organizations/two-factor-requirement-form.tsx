"use client";

import { useTranslations } from "next-intl";
import { SettingsForm } from "~/components/settings/settings-form";
import { useSettingsForm } from "~/components/settings/use-settings-form";
import { ZOrganizationTwoFactorInput } from "~/domain/procedure-inputs";
import { trpc } from "~/lib/trpc/react";

const FIELDS = ["requireTwoFactor"] as const;

export type TwoFactorRequirementFormProps = { organizationId: string; requireTwoFactor: boolean };

/** Whether members act on the organization only once they sign in with a second factor (docs/security.md §Two-factor). */
export function TwoFactorRequirementForm({ organizationId, requireTwoFactor }: TwoFactorRequirementFormProps) {
  const t = useTranslations("orgSettings");
  const update = trpc.organizations.updateTwoFactorRequirement.useMutation();
  const form = useSettingsForm({
    fields: FIELDS,
    parse: (data) =>
      ZOrganizationTwoFactorInput.safeParse({ organizationId, requireTwoFactor: data.get("requireTwoFactor") === "on" }),
    save: (input) => update.mutateAsync(input),
  });
  return (
    <SettingsForm {...form} saveLabel={t("twoFactorSave")} savedText={t("twoFactorSaved")}>
      <label className="flex min-h-8 items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          name="requireTwoFactor"
          defaultChecked={requireTwoFactor}
          aria-describedby="require-two-factor-hint"
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300"
        />
        <span>{t("twoFactorLabel")}</span>
      </label>
      <p id="require-two-factor-hint" className="text-xs text-slate-600">
        {t("twoFactorHint")}
      </p>
    </SettingsForm>
  );
}
