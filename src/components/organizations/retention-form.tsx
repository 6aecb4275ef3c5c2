"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type SubmitEvent } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { PASSPORT_RETENTION_YEARS } from "~/domain/organization-settings";
import { ZOrganizationRetentionInput } from "~/domain/procedure-inputs";
import { formText } from "~/lib/form-text";
import { useFormErrors } from "~/lib/use-form-errors";
import { trpc } from "~/lib/trpc/react";

const FIELDS = ["passportRetentionYears"] as const;

export type RetentionFormProps = { organizationId: string; passportRetentionYears: number };

/** How long a deleted passport's published versions stay readable (docs/versions.md §Retention). */
export function RetentionForm({ organizationId, passportRetentionYears }: RetentionFormProps) {
  const t = useTranslations("organizations");
  const router = useRouter();
  const { formRef, errors, clear, showInvalid, showFailed } = useFormErrors(FIELDS);
  const [isSaved, setIsSaved] = useState(false);
  const update = trpc.organizations.updateRetention.useMutation();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSaved(false);
    const text = formText(new FormData(event.currentTarget), "passportRetentionYears");
    // An empty or non-numeric field reaches the schema as NaN, which it refuses with the field's own message.
    const parsed = ZOrganizationRetentionInput.safeParse({
      organizationId,
      passportRetentionYears: text === "" ? Number.NaN : Number(text),
    });
    if (!parsed.success) return showInvalid(parsed.error);
    clear();
    try {
      await update.mutateAsync(parsed.data);
      setIsSaved(true);
      router.refresh();
    } catch (error) {
      showFailed(error);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
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
        error={errors.fields.passportRetentionYears}
      />
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? t("retentionSaving") : t("retentionSave")}
      </Button>
      <div aria-live="polite">{isSaved ? <Alert tone="success">{t("retentionSaved")}</Alert> : null}</div>
    </form>
  );
}
