"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type SubmitEvent } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { trpc } from "~/lib/trpc/react";
import { trpcErrorInfo } from "~/lib/trpc-error-info";

export type GrantPartnerFormProps = {
  organizationId: string;
  modelId: string;
  /** The template's top-level sections: what can be granted. */
  sections: { id: string; name: string }[];
  onGranted: () => void;
};

/** Grants a partner organization, named by its id, the chosen top-level sections (docs/partners.md). */
export function GrantPartnerForm({ organizationId, modelId, sections, onGranted }: GrantPartnerFormProps) {
  const t = useTranslations("partners");
  const legendId = useId();
  const [formKey, setFormKey] = useState(0);
  const create = trpc.partnerGrants.create.useMutation({
    onSuccess: () => {
      setFormKey((key) => key + 1);
      onGranted();
    },
  });

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const partner = data.get("partnerOrganizationId");
    const partnerOrganizationId = typeof partner === "string" ? partner.trim() : "";
    const sectionIds = data.getAll("sectionIds").filter((id) => typeof id === "string");
    create.mutate({ organizationId, modelId, grant: { partnerOrganizationId, sectionIds } });
  }

  return (
    <form key={formKey} onSubmit={onSubmit} aria-label={t("newGrant")} className="space-y-4">
      <TextField
        label={t("partnerLabel")}
        name="partnerOrganizationId"
        required
        autoComplete="off"
        spellCheck={false}
        hint={t("partnerHint")}
        className="max-w-md"
      />
      <fieldset aria-labelledby={legendId} className="space-y-2">
        <legend id={legendId} className="text-sm font-medium text-slate-900">
          {t("sectionsLegend")}
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {sections.map((section) => (
            <label key={section.id} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name="sectionIds" value={section.id} className="h-4 w-4 rounded border-slate-300" />
              {section.name}
            </label>
          ))}
        </div>
      </fieldset>
      {create.error ? <Alert tone="error">{trpcErrorInfo(create.error).message}</Alert> : null}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? t("granting") : t("grant")}
      </Button>
    </form>
  );
}
