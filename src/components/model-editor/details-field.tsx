"use client";

import { inputIdFor } from "~/components/model-editor/draft-keys";
import { useDraftInput, useEditor } from "~/components/model-editor/editor-context";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";

export type DetailsFieldProps = { draftKey: string; label: string; isRequired?: boolean; isMultiline?: boolean; hint?: string };

/** The model's name, description or GTIN, kept in the same drafts as its data values so one Save covers everything. */
export function DetailsField({ draftKey, label, isRequired = false, isMultiline = false, hint }: DetailsFieldProps) {
  const { value, error, onValueChange, onFocus, onBlur } = useDraftInput(draftKey);
  const { isReadOnly } = useEditor();
  return (
    <Field id={inputIdFor(draftKey)} label={label} isRequired={isRequired} hint={hint} error={error}>
      {(control) => {
        const shared = { ...control, value, required: isRequired, onFocus, onBlur, disabled: isReadOnly };
        return isMultiline ? (
          <Textarea {...shared} rows={3} onChange={(event) => onValueChange(event.currentTarget.value)} />
        ) : (
          <Input {...shared} type="text" autoComplete="off" onChange={(event) => onValueChange(event.currentTarget.value)} />
        );
      }}
    </Field>
  );
}
