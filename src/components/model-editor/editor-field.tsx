"use client";

import { memo } from "react";
import { FieldInput } from "~/components/field-inputs/field-input";
import { inputIdFor, valueKey } from "~/components/model-editor/draft-keys";
import { useDraftInput, useEditor } from "~/components/model-editor/editor-context";
import type { TDataField } from "~/domain/template-schema";

export type EditorFieldProps = { sectionId: string; field: TDataField; row: number };

/**
 * One data field of one row, bound to its draft. It subscribes to its own key only, so typing here re-renders
 * this field and nothing else.
 */
export const EditorField = memo(function EditorField({ sectionId, field, row }: EditorFieldProps) {
  const { organizationId } = useEditor();
  const key = valueKey(sectionId, field.id, row);
  const { value, error, onValueChange, onFocus, onBlur } = useDraftInput(key);
  return (
    <FieldInput
      field={field}
      inputId={inputIdFor(key)}
      value={value}
      onValueChange={onValueChange}
      onFocus={onFocus}
      onBlur={onBlur}
      error={error}
      organizationId={organizationId}
    />
  );
});
