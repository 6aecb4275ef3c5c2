"use client";

import { useRouter } from "next/navigation";
import { useState, type SubmitEvent } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { ZOrganizationRegistryInput } from "~/domain/procedure-inputs";
import { formText } from "~/lib/form-text";
import { useFormErrors } from "~/lib/use-form-errors";
import { trpc } from "~/lib/trpc/react";

const FIELDS = ["economicOperatorId", "backupBaseUrl"] as const;

export type OrganizationRegistryFormProps = {
  organizationId: string;
  economicOperatorId: string | null;
  backupBaseUrl: string | null;
};

/** The organization's EU registry settings; an emptied field clears its setting. */
export function OrganizationRegistryForm({ organizationId, economicOperatorId, backupBaseUrl }: OrganizationRegistryFormProps) {
  const router = useRouter();
  const { formRef, errors, clear, showInvalid, showFailed } = useFormErrors(FIELDS);
  const [isSaved, setIsSaved] = useState(false);
  const update = trpc.organizations.updateRegistry.useMutation();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSaved(false);
    const data = new FormData(event.currentTarget);
    const valueOf = (name: string) => formText(data, name) || null;
    const parsed = ZOrganizationRegistryInput.safeParse({
      organizationId,
      economicOperatorId: valueOf("economicOperatorId"),
      backupBaseUrl: valueOf("backupBaseUrl"),
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
        label="Economic operator identifier"
        name="economicOperatorId"
        defaultValue={economicOperatorId ?? ""}
        autoComplete="off"
        hint="Your EORI or LEI (at most 50 characters): the registry's reoId."
        error={errors.fields.economicOperatorId}
      />
      <TextField
        label="Backup base URL"
        name="backupBaseUrl"
        type="url"
        defaultValue={backupBaseUrl ?? ""}
        autoComplete="off"
        hint="https only. Where a copy of every passport is served if this server is not: …/p/{passport id} below it."
        error={errors.fields.backupBaseUrl}
      />
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? "Saving…" : "Save registry settings"}
      </Button>
      <div aria-live="polite">{isSaved ? <Alert tone="success">Registry settings saved.</Alert> : null}</div>
    </form>
  );
}
