"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { sourcePreviewHref, sourceReference, sourceValue, type ModelSource } from "~/components/models/model-sources";
import { SourcePicker } from "~/components/models/source-picker";
import { StructureOutline } from "~/components/models/structure-outline";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { ZModelCreateRequest } from "~/domain/model-schema";
import { focusFirstInvalid } from "~/lib/form-errors";
import { trpcErrorInfo } from "~/lib/trpc-error-info";
import { trpc } from "~/lib/trpc/react";

export type CreateModelFormProps = { organizationId: string; sources: ModelSource[]; initialSource?: string };

type Errors = { name?: string; description?: string; source?: string; form?: string };

/**
 * Name, description and what to start from, with an outline of the chosen source's sections and fields beside
 * it. Checked with the request schema the server uses; on success the editor of the new model opens.
 */
export function CreateModelForm({ organizationId, sources, initialSource }: CreateModelFormProps) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [selected, setSelected] = useState(() => initialSource ?? (sources[0] ? sourceValue(sources[0]) : ""));
  const [errors, setErrors] = useState<Errors>({});
  const create = trpc.models.create.useMutation();
  const source = useMemo(() => sources.find((candidate) => sourceValue(candidate) === selected), [sources, selected]);

  function showErrors(next: Errors) {
    flushSync(() => setErrors(next));
    focusFirstInvalid(formRef.current);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (!source) return showErrors({ source: "Choose a template or product data model." });
    const parsed = ZModelCreateRequest.safeParse({
      name: data.get("name"),
      description: data.get("description") || undefined,
      ...sourceReference(source),
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === "name" || issue.path[0] === "description" ? issue.path[0] : "form";
        next[field] ??= issue.message;
      }
      return showErrors(next);
    }
    setErrors({});
    try {
      const model = await create.mutateAsync({ organizationId, model: parsed.data });
      router.push(`/orgs/${organizationId}/models/${model.id}`);
    } catch (error) {
      const info = trpcErrorInfo(error);
      const next: Errors = {};
      for (const issue of info.issues) {
        // The procedure wraps the body as `model`; REST would say `$.name`.
        const field = /^\$(?:\.model)?\.(name|description)$/.exec(issue.path)?.[1] as "name" | "description" | undefined;
        next[field ?? "form"] ??= issue.message;
      }
      if (info.issues.length === 0) next.form = info.message;
      showErrors(next);
    }
  }

  const isPending = create.isPending || create.isSuccess;
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-5">
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
        <TextField label="Name" name="name" required maxLength={200} autoComplete="off" error={errors.name} />
        <div className="space-y-1.5">
          <label htmlFor="model-description" className="block text-sm font-medium text-slate-800">
            Description
          </label>
          <textarea
            id="model-description"
            name="description"
            rows={3}
            maxLength={10_000}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? "model-description-error" : undefined}
            className="block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm aria-invalid:border-red-500 sm:text-sm"
          />
          {errors.description ? (
            <p id="model-description-error" className="text-sm font-medium text-red-700">
              {errors.description}
            </p>
          ) : null}
        </div>
        <SourcePicker sources={sources} selected={selected} onSelect={setSelected} error={errors.source} />
        <Button type="submit" disabled={isPending}>
          {isPending ? "Creating…" : "Create model"}
        </Button>
      </div>
      <section aria-labelledby="source-preview-heading" className="min-w-0 space-y-3 lg:sticky lg:top-6 lg:self-start">
        <h2 id="source-preview-heading" className="text-lg font-semibold">
          {source ? `Preview: ${source.name}` : "Preview"}
        </h2>
        {source ? (
          <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
            <p className="text-sm text-slate-600">
              Sections and fields of the new model. Item-level parts belong to individual items and are not edited in
              a model.{" "}
              <Link href={sourcePreviewHref(organizationId, source)} className="font-medium text-brand-700 hover:underline">
                Open the full preview
              </Link>
            </p>
            <StructureOutline sections={source.sections} />
          </div>
        ) : (
          <p className="text-sm text-slate-600">Choose what to start from to see its sections.</p>
        )}
      </section>
    </form>
  );
}
