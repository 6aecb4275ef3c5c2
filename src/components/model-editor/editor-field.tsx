"use client";

import { useTranslations } from "next-intl";
import { memo } from "react";
import { FieldInput } from "~/components/field-inputs/field-input";
import { inputIdFor, valueKey } from "~/components/model-editor/draft-keys";
import { useDraftInput, useEditor } from "~/components/model-editor/editor-context";
import { useLanguageChoice } from "~/components/model-editor/language-choice";
import type { TDataField } from "~/domain/template-schema";

/** `path`: the whole path of the repeater row the field sits in (outermost first), empty outside repeaters. */
export type EditorFieldProps = { sectionId: string; field: TDataField; path: readonly number[] };

/**
 * One data field of one row, bound to its draft. It subscribes to its own key only, so typing here re-renders
 * this field and nothing else. A multilingual field shows the language chosen above the fields, with the default
 * language beside it while translating (docs/editor.md §Languages).
 */
export const EditorField = memo(function EditorField({ sectionId, field, path }: EditorFieldProps) {
  const { languagesOf } = useEditor();
  if (languagesOf({ dataSectionId: sectionId, dataFieldId: field.id }) !== undefined) {
    return <MultilingualField sectionId={sectionId} field={field} path={path} />;
  }
  return <DraftFieldInput draftKey={valueKey(sectionId, field.id, path)} field={field} />;
});

/** The field in each language shown: one input, or the default language and the translation side by side. */
function MultilingualField({ sectionId, field, path }: EditorFieldProps) {
  const t = useTranslations("editorLanguages");
  const { shown, nameOf } = useLanguageChoice();
  const inputs = shown.map((language) => (
    <DraftFieldInput
      key={language}
      draftKey={valueKey(sectionId, field.id, path, language)}
      field={field}
      language={language}
      label={t("fieldIn", { name: field.name, language: nameOf(language) })}
    />
  ));
  if (inputs.length === 1) return inputs[0];
  return (
    <div className="grid gap-3 sm:grid-cols-2" data-testid="side-by-side">
      {inputs}
    </div>
  );
}

type DraftFieldInputProps = { draftKey: string; field: TDataField; language?: string; label?: string };

function DraftFieldInput({ draftKey, field, language, label }: DraftFieldInputProps) {
  const { organizationId, isReadOnly } = useEditor();
  const { value, error, onValueChange, onFocus, onBlur } = useDraftInput(draftKey);
  return (
    <FieldInput
      field={field}
      inputId={inputIdFor(draftKey)}
      value={value}
      onValueChange={onValueChange}
      onFocus={onFocus}
      onBlur={onBlur}
      error={error}
      organizationId={organizationId}
      label={label}
      lang={language}
      disabled={isReadOnly}
    />
  );
}
