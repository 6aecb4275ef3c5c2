"use client";

import { useState } from "react";
import { inputIdFor } from "~/components/model-editor/draft-keys";
import { useDraftKey, useEditor } from "~/components/model-editor/editor-context";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";

export type DetailsFieldProps = { draftKey: string; label: string; isRequired?: boolean; isMultiline?: boolean; hint?: string };

/** The model's name or description, kept in the same drafts as its data values so one Save covers everything. */
export function DetailsField({ draftKey, label, isRequired = false, isMultiline = false, hint }: DetailsFieldProps) {
  const { store } = useEditor();
  useDraftKey(draftKey);
  const [isTouched, setIsTouched] = useState(false);
  const error = store.serverError(draftKey) ?? (isTouched || store.isRevealed ? store.problem(draftKey) : undefined);
  return (
    <Field id={inputIdFor(draftKey)} label={label} isRequired={isRequired} hint={hint} error={error}>
      {(control) => {
        const shared = {
          ...control,
          value: store.inputText(draftKey),
          required: isRequired,
          onBlur: () => setIsTouched(true),
        };
        return isMultiline ? (
          <Textarea {...shared} rows={3} onChange={(event) => store.setInput(draftKey, event.currentTarget.value)} />
        ) : (
          <Input {...shared} type="text" autoComplete="off" onChange={(event) => store.setInput(draftKey, event.currentTarget.value)} />
        );
      }}
    </Field>
  );
}
