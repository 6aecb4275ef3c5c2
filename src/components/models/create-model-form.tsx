"use client";

import { useTranslations } from "next-intl";
import { Link } from "~/components/ui/link";
import { useRouter } from "next/navigation";
import { useMemo, useState, type SubmitEvent } from "react";
import { sourcePreviewHref, sourceReference, sourceValue, type ModelSource } from "~/components/models/model-sources";
import { SourcePicker } from "~/components/models/source-picker";
import { StructureOutline } from "~/components/models/structure-outline";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { TextField } from "~/components/ui/text-field";
import { Textarea } from "~/components/ui/textarea";
import { ZModelCreateRequest } from "~/domain/model-schema";
import { trpc } from "~/lib/trpc/react";
import { useFormErrors } from "~/lib/use-form-errors";

export type CreateModelFormProps = { organizationId: string; sources: ModelSource[]; initialSource?: string };

const FIELDS = ["name", "description", "source"] as const;

/**
 * Name, description and what to start from, with an outline of the chosen source's sections and fields beside
 * it. Checked with the request schema the server uses; on success the editor of the new model opens.
 */
export function CreateModelForm({ organizationId, sources, initialSource }: CreateModelFormProps) {
  const t = useTranslations("models");
  const router = useRouter();
  const [selected, setSelected] = useState(() => initialSource ?? (sources[0] ? sourceValue(sources[0]) : ""));
  const { formRef, errors, show, clear, showInvalid, showFailed } = useFormErrors(FIELDS);
  const create = trpc.models.create.useMutation();
  const source = useMemo(() => sources.find((candidate) => sourceValue(candidate) === selected), [sources, selected]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (!source) return show({ fields: { source: t("chooseSource") } });
    const parsed = ZModelCreateRequest.safeParse({
      name: data.get("name"),
      description: data.get("description") || undefined,
      ...sourceReference(source),
    });
    if (!parsed.success) return showInvalid(parsed.error);
    clear();
    try {
      const model = await create.mutateAsync({ organizationId, model: parsed.data });
      router.push(`/orgs/${organizationId}/models/${model.id}`);
    } catch (error) {
      showFailed(error);
    }
  }

  const isPending = create.isPending || create.isSuccess;
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-5">
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
        <TextField label={t("name")} name="name" required maxLength={200} autoComplete="off" error={errors.fields.name} />
        <Field id="model-description" label={t("descriptionLabel")} error={errors.fields.description}>
          {(control) => <Textarea {...control} name="description" rows={3} maxLength={10_000} />}
        </Field>
        <SourcePicker sources={sources} selected={selected} onSelect={setSelected} error={errors.fields.source} />
        <Button type="submit" disabled={isPending}>
          {isPending ? t("creating") : t("create")}
        </Button>
      </div>
      <section aria-labelledby="source-preview-heading" className="min-w-0 space-y-3 lg:sticky lg:top-6 lg:self-start">
        <h2 id="source-preview-heading" className="text-lg font-semibold">
          {source ? t("previewOf", { name: source.name }) : t("preview")}
        </h2>
        {source ? (
          <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
            <p className="text-sm text-slate-600">
              {t.rich("previewText", {
                link: (chunks) => (
                  <Link href={sourcePreviewHref(organizationId, source)} className="font-medium text-brand-700 hover:underline">
                    {chunks}
                  </Link>
                ),
              })}
            </p>
            <StructureOutline sections={source.sections} />
          </div>
        ) : (
          <p className="text-sm text-slate-600">{t("chooseToPreview")}</p>
        )}
      </section>
    </form>
  );
}
