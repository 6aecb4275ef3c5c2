"use client";

import { useTranslations } from "next-intl";
import { formText } from "~/lib/form-text";
import { useRouter } from "next/navigation";
import { useState, type SubmitEvent } from "react";
import { Select } from "~/components/ui/select";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { TextField } from "~/components/ui/text-field";
import type { Issue } from "~/domain/app-error";
import type { z } from "zod";
import type { ZTemplateDraftCreateRequest } from "~/domain/template-draft-schema";
import { trpcErrorInfo } from "~/lib/trpc-error-info";
import { trpc } from "~/lib/trpc/react";

export type DraftSource = { kind: "template" | "productDataModel"; id: string; name: string; version: string };

export type NewDraftFormProps = { organizationId: string; sources: DraftSource[] };

type Mode = "scratch" | "copy" | "upload";

/**
 * A new draft from scratch, as the next version of a template or product data model (every id kept), or from an
 * uploaded template JSON file, which the server checks like the CLI import: every problem is listed here.
 */
export function NewDraftForm({ organizationId, sources }: NewDraftFormProps) {
  const t = useTranslations("builder");
  const router = useRouter();
  const [mode, setMode] = useState<Mode>("scratch");
  const [problem, setProblem] = useState<{ message: string; issues: Issue[] } | undefined>();
  const create = trpc.templateDrafts.create.useMutation();

  async function request(data: FormData): Promise<z.input<typeof ZTemplateDraftCreateRequest> | string> {
    if (mode === "scratch") {
      const name = formText(data, "name");
      return name === "" ? t("nameTemplate") : { name };
    }
    if (mode === "copy") {
      const source = sources.find((candidate) => `${candidate.kind}:${candidate.id}` === data.get("source"));
      if (!source) return t("chooseStart");
      return source.kind === "template" ? { templateId: source.id } : { productDataModelId: source.id };
    }
    const file = data.get("file");
    if (!(file instanceof File) || file.size === 0) return t("chooseFile");
    try {
      return { definition: JSON.parse(await file.text()) as unknown };
    } catch {
      return t("notJson");
    }
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const draft = await request(new FormData(event.currentTarget));
    if (typeof draft === "string") return setProblem({ message: draft, issues: [] });
    setProblem(undefined);
    try {
      const created = await create.mutateAsync({ organizationId, draft });
      router.push(`/orgs/${organizationId}/templates/drafts/${created.id}`);
    } catch (error) {
      const info = trpcErrorInfo(error);
      setProblem({ message: info.message, issues: info.issues });
    }
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="new-draft-heading"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="new-draft-heading" className="text-lg font-semibold">
        {t("newDraft")}
      </h2>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
        <legend className="sr-only">{t("startFrom")}</legend>
        {(["scratch", "copy", "upload"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="mode"
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
              className="h-4 w-4"
            />
            {t(`mode.${value}`)}
          </label>
        ))}
      </fieldset>
      {mode === "scratch" ? <TextField label={t("templateName")} name="name" maxLength={200} autoComplete="off" /> : null}
      {mode === "copy" ? (
        <Field label={t("startFrom")}>
          {(control) => (
            <Select {...control} name="source">
              {sources.map((source) => (
                <option key={`${source.kind}:${source.id}`} value={`${source.kind}:${source.id}`}>
                  {t("sourceOption", { name: source.name, version: source.version, kind: source.kind })}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
      {mode === "upload" ? (
        <Field label={t("templateFile")}>
          {(control) => <input {...control} type="file" name="file" accept="application/json,.json" className="block text-sm" />}
        </Field>
      ) : null}
      {problem ? (
        <Alert tone="error">
          <p>{problem.message}</p>
          {problem.issues.length > 0 ? (
            <ul className="mt-1 list-disc pl-5 break-words">
              {problem.issues.map((issue, i) => (
                <li key={i}>
                  <code>{issue.path}</code>: {issue.message}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      <Button type="submit" disabled={create.isPending || create.isSuccess}>
        {create.isPending || create.isSuccess ? t("creating") : t("createDraft")}
      </Button>
    </form>
  );
}
