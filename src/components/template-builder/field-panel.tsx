"use client";

import { useTranslations } from "next-intl";
import { formText } from "~/lib/form-text";
import { useState, type SubmitEvent } from "react";
import { DataFieldTypeSelect, SectionSelect } from "~/components/template-builder/builder-selects";
import { FieldEditor, type FieldEdit } from "~/components/template-builder/field-editor";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { TextField } from "~/components/ui/text-field";
import { ZDataFieldType, type TDataFieldType, type TSection } from "~/domain/template-schema";
import { cn } from "~/lib/cn";
import { TranslationsEditor } from "~/components/template-builder/translations-editor";
import { splitChoices } from "~/domain/field-options";
import type { LanguageSettings } from "~/domain/languages/language";
import type { TTranslations } from "~/domain/languages/template-translations";

export type FieldActions = {
  add: (sectionId: string, field: { name: string; type: TDataFieldType }) => void;
  /** A whole edit from the field editor, or the translations alone from the translations editor. */
  modify: (sectionId: string, fieldId: string, edit: FieldEdit | { translations: TTranslations }) => void;
  remove: (sectionId: string, fieldId: string) => void;
  move: (sectionId: string, fieldId: string, direction: "up" | "down") => void;
  moveToSection: (sectionId: string, fieldId: string, targetSectionId: string) => void;
};

export type FieldPanelProps = {
  section: TSection;
  sections: readonly TSection[];
  selectedFieldId: string | undefined;
  onSelectField: (fieldId: string | undefined) => void;
  actions: FieldActions;
  isBusy: boolean;
  languages: LanguageSettings;
};

/** The selected section's data fields: add, order, move to another section, delete, and the editor of the selected one. */
export function FieldPanel({ section, sections, selectedFieldId, onSelectField, actions, isBusy, languages }: FieldPanelProps) {
  const t = useTranslations("builder");
  const [nameError, setNameError] = useState<string | undefined>();
  const [deletingId, setDeletingId] = useState<string | undefined>();
  const selected = section.dataFields.find((field) => field.id === selectedFieldId);
  const deleting = section.dataFields.find((field) => field.id === deletingId);

  function onAdd(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = formText(data, "name");
    if (name === "") return setNameError(t("nameField"));
    setNameError(undefined);
    actions.add(section.id, { name, type: ZDataFieldType.parse(data.get("type")) });
    form.reset();
  }

  return (
    <div className="space-y-4">
      {section.dataFields.length === 0 ? (
        <p className="text-sm text-slate-600">{t("noFields")}</p>
      ) : (
        <ol
          className="divide-y divide-slate-200 rounded-md border border-slate-200"
          aria-label={t("fieldsOf", { name: section.name })}
        >
          {section.dataFields.map((field, i) => (
            <li
              key={field.id}
              className={cn("flex flex-wrap items-center gap-2 px-3 py-2", field.id === selectedFieldId && "bg-brand-50")}
            >
              <button
                type="button"
                aria-current={field.id === selectedFieldId ? "true" : undefined}
                onClick={() => onSelectField(field.id === selectedFieldId ? undefined : field.id)}
                className="min-w-0 flex-1 truncate text-left text-sm font-medium text-slate-900 hover:underline"
              >
                {field.name}
                <span className="ml-2 text-xs font-normal text-slate-600">
                  {field.type}
                  {field.granularityLevel === "Item" ? t("itemSuffix") : null}
                </span>
              </button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t("fieldMoveUp", { name: field.name })}
                disabled={isBusy || i === 0}
                onClick={() => actions.move(section.id, field.id, "up")}
              >
                ↑
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t("fieldMoveDown", { name: field.name })}
                disabled={isBusy || i === section.dataFields.length - 1}
                onClick={() => actions.move(section.id, field.id, "down")}
              >
                ↓
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t("fieldDelete", { name: field.name })}
                disabled={isBusy}
                onClick={() => setDeletingId(field.id)}
              >
                {t("delete")}
              </Button>
            </li>
          ))}
        </ol>
      )}
      <form
        noValidate
        onSubmit={onAdd}
        aria-label={t("addField")}
        className="grid gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end"
      >
        <TextField label={t("newFieldName")} name="name" maxLength={200} error={nameError} autoComplete="off" />
        <Field label={t("newFieldType")}>{(control) => <DataFieldTypeSelect {...control} name="type" />}</Field>
        <Button type="submit" disabled={isBusy}>
          {t("addField")}
        </Button>
      </form>
      {selected ? (
        <div className="space-y-4 rounded-md border border-slate-200 p-3">
          <FieldEditor
            key={JSON.stringify(selected)}
            field={selected}
            isPending={isBusy}
            onSave={(edit) => actions.modify(section.id, selected.id, edit)}
          />
          <TranslationsEditor
            owner={selected}
            choices={selected.options.choices === undefined ? undefined : splitChoices(selected.options.choices)}
            languages={languages}
            isPending={isBusy}
            onSave={(translations) => actions.modify(section.id, selected.id, { translations })}
          />
          <Field label={t("moveToSection")}>
            {(control) => (
              <SectionSelect
                {...control}
                value={section.id}
                disabled={isBusy}
                onChange={(event) => actions.moveToSection(section.id, selected.id, event.target.value)}
                sections={sections}
              />
            )}
          </Field>
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title={t("deleteFieldTitle", { name: deleting?.name ?? t("theField") })}
        confirmLabel={t("deleteField")}
        onConfirm={() => {
          if (deleting) actions.remove(section.id, deleting.id);
          setDeletingId(undefined);
        }}
        onCancel={() => setDeletingId(undefined)}
      >
        {t("deleteFieldText")}
      </ConfirmDialog>
    </div>
  );
}
