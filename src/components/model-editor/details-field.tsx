"use client";

import { useState } from "react";
import { describedBy } from "~/components/field-inputs/field-shell";
import { inputIdFor } from "~/components/model-editor/draft-keys";
import { useDraftKey, useEditor } from "~/components/model-editor/editor-context";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";

export type DetailsFieldProps = { draftKey: string; label: string; isRequired?: boolean; isMultiline?: boolean; hint?: string };

/** The model's name or description, kept in the same drafts as its data values so one Save covers everything. */
export function DetailsField({ draftKey, label, isRequired = false, isMultiline = false, hint }: DetailsFieldProps) {
  const { store } = useEditor();
  useDraftKey(draftKey);
  const [isTouched, setIsTouched] = useState(false);
  const inputId = inputIdFor(draftKey);
  const error = store.serverError(draftKey) ?? (isTouched || store.isRevealed ? store.problem(draftKey) : undefined);
  const shared = {
    id: inputId,
    value: store.inputText(draftKey),
    required: isRequired,
    onBlur: () => setIsTouched(true),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(inputId, { error, hint }),
  } as const;
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-slate-800">
        <label htmlFor={inputId}>{label}</label>
        {isRequired ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        ) : null}
      </p>
      {isMultiline ? (
        <textarea
          {...shared}
          rows={3}
          onChange={(event) => store.setInput(draftKey, event.currentTarget.value)}
          className={cn(
            "block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm",
            "aria-invalid:border-red-500 aria-invalid:ring-1 aria-invalid:ring-red-500",
          )}
        />
      ) : (
        <Input {...shared} type="text" autoComplete="off" onChange={(event) => store.setInput(draftKey, event.currentTarget.value)} />
      )}
      {hint ? (
        <p id={`${inputId}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
