"use client";

import { useTranslations } from "next-intl";
import { formText } from "~/lib/form-text";
import { Link } from "~/components/ui/link";
import { useId, useState, type SubmitEvent } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ModalDialog } from "~/components/ui/modal-dialog";
import { TextField } from "~/components/ui/text-field";
import type { Issue } from "~/domain/app-error";
import type { TTemplateDraft } from "~/domain/template-draft-schema";
import { parseTemplateDefinition } from "~/domain/template-definition";
import { nextFreeVersionLabel } from "~/domain/version-label";
import type { TVisibility } from "~/domain/template-schema";

export type PublishResult = { templateId: string; version: string; productDataModelId: string | null };

export type PublishDialogProps = {
  isOpen: boolean;
  organizationId: string;
  draft: TTemplateDraft;
  /** Problems the server answered to the last attempt. */
  serverIssues: readonly Issue[];
  result: PublishResult | undefined;
  isPending: boolean;
  onPublish: (input: { version: string; visibility: TVisibility | undefined }) => void;
  onClose: () => void;
};

/**
 * Version label and visibility, with every problem of the draft listed before publishing (the same validation as the
 * import, run here on the draft) and any the server answers after.
 */
export function PublishDialog({
  isOpen,
  organizationId,
  draft,
  serverIssues,
  result,
  isPending,
  onPublish,
  onClose,
}: PublishDialogProps) {
  const t = useTranslations("builder");
  const titleId = useId();
  const [visibility, setVisibility] = useState<"none" | TVisibility>("none");
  const [versionError, setVersionError] = useState<string | undefined>();
  const published = draft.publications.map((p) => p.version);
  // The draft keeps its label after a publication; the dialog proposes the next free one instead of a certain 409.
  const proposed = nextFreeVersionLabel(draft.version, published);
  const checked = parseTemplateDefinition({
    name: draft.name,
    description: draft.description,
    sectors: draft.sectors,
    version: draft.version,
    sections: draft.sections,
  });
  const problems = [...(checked.ok ? [] : checked.issues), ...serverIssues];

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const version = formText(new FormData(event.currentTarget), "version");
    const error =
      version === ""
        ? t("versionEmpty")
        : published.includes(version)
          ? t("versionTaken", { version, free: nextFreeVersionLabel(version, published) })
          : undefined;
    setVersionError(error);
    if (error) return;
    onPublish({ version, visibility: visibility === "none" ? undefined : visibility });
  }

  const base = `/orgs/${organizationId}`;
  return (
    <ModalDialog isOpen={isOpen} isPending={isPending} onClose={onClose} aria-labelledby={titleId} className="max-w-lg">
      <form noValidate onSubmit={onSubmit} className="space-y-4 p-5 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold">
          {t("publishTitle", { name: draft.name })}
        </h2>
        {result ? (
          <Alert tone="success">
            {t("publishedVersion", { version: result.version })}{" "}
            <Link href={`${base}/templates/${result.templateId}`} className="font-medium underline">
              {t("openTemplate")}
            </Link>
            {result.productDataModelId ? (
              <>
                {" · "}
                <Link href={`${base}/product-data-models/${result.productDataModelId}`} className="font-medium underline">
                  {t("openProductDataModel")}
                </Link>
              </>
            ) : null}
          </Alert>
        ) : null}
        <TextField
          key={proposed}
          label={t("versionLabel")}
          name="version"
          defaultValue={proposed}
          error={versionError}
          maxLength={50}
          autoComplete="off"
          hint={published.length > 0 ? t("versionHintPublished", { versions: published.join(", ") }) : t("versionHint")}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">{t("alsoPdm")}</legend>
          {(["none", "Public", "Private"] as const).map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="visibility"
                value={option}
                checked={visibility === option}
                onChange={() => setVisibility(option)}
                className="h-4 w-4"
              />
              {t(`visibility.${option}`)}
            </label>
          ))}
        </fieldset>
        {problems.length > 0 ? (
          <div role="alert" className="space-y-1 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            <p className="font-medium">{t("problems", { count: problems.length })}</p>
            <ul className="list-disc space-y-0.5 pl-5">
              {problems.map((issue, i) => (
                <li key={i}>{describeIssue(issue, draft)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" disabled={isPending} onClick={onClose}>
            {t("close")}
          </Button>
          <Button type="submit" disabled={isPending || !checked.ok}>
            {isPending ? t("publishing") : t("publish")}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** An issue's message, with the section and field its path points at named instead of their indexes. */
export function describeIssue(issue: Issue, draft: TTemplateDraft): string {
  const match = /^\$\.sections\[(\d+)\](?:\.dataFields\[(\d+)\])?/.exec(issue.path);
  if (!match) return issue.message;
  const section = draft.sections[Number(match[1])];
  const field = match[2] === undefined ? undefined : section?.dataFields[Number(match[2])];
  const where = [section?.name, field?.name].filter(Boolean).join(" › ");
  return where ? `${where}: ${issue.message}` : issue.message;
}
