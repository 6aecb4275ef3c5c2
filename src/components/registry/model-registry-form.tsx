"use client";

import { useTranslations } from "next-intl";
import { z } from "zod";
import { SettingsForm } from "~/components/settings/settings-form";
import { useSettingsForm } from "~/components/settings/use-settings-form";
import { Field } from "~/components/ui/field";
import { TextField } from "~/components/ui/text-field";
import { Textarea } from "~/components/ui/textarea";
import { ZCommodityCode, ZFacilityIds } from "~/domain/registry-settings";
import { formText } from "~/lib/form-text";
import { trpc } from "~/lib/trpc/react";

const FIELDS = ["commodityCode", "facilityIds"] as const;
const ZForm = z.object({ commodityCode: ZCommodityCode.nullable(), facilityIds: ZFacilityIds });

export type ModelRegistryFormProps = {
  organizationId: string;
  modelId: string;
  version: number;
  commodityCode: string | null;
  facilityIds: readonly string[];
};

/** A model's EU registry settings, saved through the model's own write (its version, its history). */
export function ModelRegistryForm({ organizationId, modelId, version, commodityCode, facilityIds }: ModelRegistryFormProps) {
  const t = useTranslations("registrySettings");
  const update = trpc.models.update.useMutation();
  const form = useSettingsForm({
    fields: FIELDS,
    parse: (data) =>
      ZForm.safeParse({
        commodityCode: formText(data, "commodityCode") || null,
        facilityIds: formText(data, "facilityIds")
          .split("\n")
          .map((line) => line.trim())
          .filter((line) => line !== ""),
      }),
    save: (patch) => update.mutateAsync({ organizationId, modelId, ifMatch: version, patch }),
  });

  return (
    <SettingsForm {...form} saveLabel={t("save")} savedText={t("saved")}>
      <TextField
        label={t("commodityCodeLabel")}
        name="commodityCode"
        inputMode="numeric"
        defaultValue={commodityCode ?? ""}
        autoComplete="off"
        hint={t("commodityCodeHint")}
        error={form.errors.fields.commodityCode}
      />
      <Field label={t("facilitiesLabel")} hint={t("facilitiesHint")} error={form.errors.fields.facilityIds}>
        {(control) => <Textarea {...control} name="facilityIds" rows={3} defaultValue={facilityIds.join("\n")} />}
      </Field>
    </SettingsForm>
  );
}
