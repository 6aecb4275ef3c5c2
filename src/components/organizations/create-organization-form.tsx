"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import type { SubmitEvent } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { ZOrganizationCreateInput } from "~/domain/identity-schemas";
import { trpc } from "~/lib/trpc/react";
import { useFormErrors } from "~/lib/use-form-errors";

const FIELDS = ["name"] as const;

export function CreateOrganizationForm() {
  const t = useTranslations("organizations");
  const router = useRouter();
  const { formRef, errors, clear, showInvalid, showFailed } = useFormErrors(FIELDS);
  const create = trpc.organizations.create.useMutation();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZOrganizationCreateInput.safeParse({ name: new FormData(event.currentTarget).get("name") });
    if (!parsed.success) return showInvalid(parsed.error);
    clear();
    try {
      const organization = await create.mutateAsync(parsed.data);
      router.push(`/orgs/${organization.id}`);
      // The header's switcher is rendered by the layout, which a navigation alone does not re-render.
      router.refresh();
    } catch (error) {
      showFailed(error, "name");
    }
  }

  const isPending = create.isPending || create.isSuccess;
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      <TextField
        label={t("nameLabel")}
        name="name"
        required
        maxLength={100}
        autoComplete="organization"
        hint={t("nameHint")}
        error={errors.fields.name}
      />
      <Button type="submit" disabled={isPending}>
        {isPending ? t("creating") : t("create")}
      </Button>
    </form>
  );
}
