"use client";

import { useRouter } from "next/navigation";
import { useState, type SubmitEvent } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { ZOrganizationLanguagesInput } from "~/domain/procedure-inputs";
import { formText } from "~/lib/form-text";
import { useFormErrors } from "~/lib/use-form-errors";
import { trpc } from "~/lib/trpc/react";

const FIELDS = ["defaultLanguage", "publishedLanguages"] as const;

export type OrganizationLanguagesFormProps = { organizationId: string; defaultLanguage: string; publishedLanguages: string[] };

/** The organization's default language and the languages it publishes in (docs/languages.md). */
export function OrganizationLanguagesForm({ organizationId, defaultLanguage, publishedLanguages }: OrganizationLanguagesFormProps) {
  const router = useRouter();
  const { formRef, errors, clear, showInvalid, showFailed } = useFormErrors(FIELDS);
  const [isSaved, setIsSaved] = useState(false);
  const update = trpc.organizations.updateLanguages.useMutation();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSaved(false);
    const data = new FormData(event.currentTarget);
    const parsed = ZOrganizationLanguagesInput.safeParse({
      organizationId,
      defaultLanguage: formText(data, "defaultLanguage"),
      // "en, de fr" and "en,de,fr" alike: tags hold neither commas nor spaces.
      publishedLanguages: formText(data, "publishedLanguages")
        .split(/[\s,]+/)
        .filter((tag) => tag !== ""),
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
        label="Default language"
        name="defaultLanguage"
        defaultValue={defaultLanguage}
        autoComplete="off"
        hint="A language tag such as en or de: what readers get when they ask for no published language."
        error={errors.fields.defaultLanguage}
      />
      <TextField
        label="Published languages"
        name="publishedLanguages"
        defaultValue={publishedLanguages.join(", ")}
        autoComplete="off"
        hint="Language tags separated by commas, e.g. en, de, fr. The default language is one of them."
        error={errors.fields.publishedLanguages}
      />
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? "Saving…" : "Save languages"}
      </Button>
      <div aria-live="polite">{isSaved ? <Alert tone="success">Languages saved.</Alert> : null}</div>
    </form>
  );
}
