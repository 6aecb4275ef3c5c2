"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { SettingsFormState } from "~/components/settings/use-settings-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";

/** The hook's answer, spread: `<SettingsForm {...form} …>`. */
export type SettingsFormProps<TField extends string> = SettingsFormState<TField> & {
  /** The save button's text, naming what it saves ("Save registry settings"). */
  saveLabel: string;
  /** Announced once the save succeeded. */
  savedText: string;
  children: ReactNode;
};

/** The frame of every settings form: the form-wide error, the fields, the save button and the "saved" message. */
export function SettingsForm<TField extends string>(props: SettingsFormProps<TField>) {
  const { formRef, errors, isPending, isSaved, onSubmit, saveLabel, savedText, children } = props;
  const t = useTranslations("settingsForm");
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      {children}
      <Button type="submit" disabled={isPending}>
        {isPending ? t("saving") : saveLabel}
      </Button>
      <div aria-live="polite">{isSaved ? <Alert tone="success">{savedText}</Alert> : null}</div>
    </form>
  );
}
