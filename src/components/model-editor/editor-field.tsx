"use client";

import { memo, useCallback, useState } from "react";
import { FieldInput } from "~/components/field-inputs/field-input";
import { inputIdFor, valueKey } from "~/components/model-editor/draft-keys";
import { useDraftKey, useEditor } from "~/components/model-editor/editor-context";
import type { TDataField } from "~/domain/template-schema";

export type EditorFieldProps = { sectionId: string; field: TDataField; row: number };

/**
 * One data field of one row, bound to its draft. It subscribes to its own key only, so typing here re-renders
 * this field and nothing else. A problem with the typed value shows once the user leaves the field (or tries to
 * save), not on the first keystroke; a server error shows until the value is changed.
 */
export const EditorField = memo(function EditorField({ sectionId, field, row }: EditorFieldProps) {
  const { store, organizationId } = useEditor();
  const key = valueKey(sectionId, field.id, row);
  useDraftKey(key);
  const [isTouched, setIsTouched] = useState(false);
  const onValueChange = useCallback((text: string) => store.setInput(key, text), [store, key]);
  const onBlur = useCallback(() => setIsTouched(true), []);
  const error = store.serverError(key) ?? (isTouched || store.isRevealed ? store.problem(key) : undefined);
  return (
    <FieldInput
      field={field}
      inputId={inputIdFor(key)}
      value={store.inputText(key)}
      onValueChange={onValueChange}
      onBlur={onBlur}
      error={error}
      organizationId={organizationId}
    />
  );
});
