"use client";

import { useTranslations } from "next-intl";
import { formText } from "~/lib/form-text";
import { useId, useState, type SubmitEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { DataFieldTypeSelect, GranularitySelect } from "~/components/template-builder/builder-selects";
import { Select } from "~/components/ui/select";
import { TextField } from "~/components/ui/text-field";
import { AAS_OPTION } from "~/domain/aas/aas-options";
import { fieldOptionIssues, optionKeysFor } from "~/domain/field-options";
import {
  ZDataFieldType,
  ZGranularityLevel,
  type TDataField,
  type TDataFieldType,
  type TGranularityLevel,
} from "~/domain/template-schema";

export type FieldEdit = { name: string; type: TDataFieldType; granularityLevel: TGranularityLevel; options: Record<string, string> };

export type FieldEditorProps = {
  field: TDataField;
  isPending: boolean;
  onSave: (edit: FieldEdit) => void;
};

/** Options with a label of their own in the catalogues (builder.option.*); any other shows its key. */
const LABELLED_OPTIONS = new Set(["min", "max", "decimals", "maxLength", "unit", "placeholder", "access", "choices", "format"]);
const FLAG_LABELLED = new Set(["required", "multiline", "multilingual", "range", "list", "personal", "snapshot"]);
type OptionLabelKey = "min" | "max" | "decimals" | "maxLength" | "unit" | "placeholder" | "access" | "choices" | "format";

/** Options whose values are a closed list get a select instead of free text (docs/field-options.md). */
const OPTION_CHOICES: Record<
  string,
  {
    value: string;
    labelKey: "accessPublic" | "accessLegitimate" | "accessAuthority" | "formatFree" | "formatDate" | "formatDateTime";
  }[]
> = {
  access: [
    { value: "", labelKey: "accessPublic" },
    { value: "legitimate-interest", labelKey: "accessLegitimate" },
    { value: "authority", labelKey: "accessAuthority" },
  ],
  format: [
    { value: "", labelKey: "formatFree" },
    { value: "date", labelKey: "formatDate" },
    { value: "dateTime", labelKey: "formatDateTime" },
  ],
};

/** Options that are on or off, like `required`: a checkbox sends "true". */
const FLAG_OPTIONS = new Set(["required", "multiline", "multilingual", "range", "list", "personal", "snapshot"]);
type FlagLabelKey = "required" | "multiline" | "multilingual" | "range" | "list" | "personal" | "snapshot";

/** Flags with a rule the member should know before ticking them, shown under the checkbox (builder.optionHint.*). */
const FLAG_HINTS = new Set(["multilingual", "personal"]);
type FlagHintKey = "multilingual" | "personal";

/** Where an issue that names no option of the form is shown: above the Save button. */
const FORM_ERROR = "$form";

/** Free-text options whose values are numbers, for the phone keyboard. */
const NUMERIC_OPTIONS = new Set(["min", "max", "decimals", "maxLength"]);

/**
 * A data field's name, type, granularity and options. The option editor offers only the options that fit the chosen
 * type (`optionKeysFor`), checks them as the server will, and keeps keys it does not know unchanged.
 */
export function FieldEditor({ field, isPending, onSave }: FieldEditorProps) {
  const t = useTranslations("builder");
  const optionLabel = (key: string) => (LABELLED_OPTIONS.has(key) ? t(`option.${key as OptionLabelKey}`) : key);
  const [type, setType] = useState<TDataFieldType>(field.type);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formId = useId();
  const keys = optionKeysFor(type);
  const recognised = new Set<string>(ZDataFieldType.options.flatMap(optionKeysFor));
  // The semanticId has an input of its own (profiles find fields by it, docs/profiles.md); other keys are kept as they are.
  const unknown = Object.entries(field.options).filter(([key]) => !recognised.has(key) && key !== AAS_OPTION.semanticId);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const options: Record<string, string> = Object.fromEntries(unknown);
    for (const key of keys) {
      if (FLAG_OPTIONS.has(key)) {
        if (data.get(key) === "on") options[key] = "true";
        continue;
      }
      const value = formText(data, key);
      if (value !== "") options[key] = value;
    }
    const semanticId = formText(data, "semanticId");
    if (semanticId !== "") options[AAS_OPTION.semanticId] = semanticId;
    // Every issue of the one rule (fieldOptionIssues) is shown: beside its option, or above Save when it names none,
    // so "Save field" never refuses without saying why.
    const found: Record<string, string> = {};
    for (const issue of fieldOptionIssues({ type, options }, "$")) {
      const key = issue.path.replace(/^\$\.?/, "");
      const at = (keys as string[]).includes(key) ? key : FORM_ERROR;
      // The one rule of multilingual fields is worded in the member's language (the domain's messages are English).
      const message = key === "multilingual" && options.multilingual === "true" ? t("multilingualCombined") : issue.message;
      found[at] = found[at] ? `${found[at]} ${message}` : message;
    }
    const name = formText(data, "name");
    if (name === "") found.name = t("nameEmpty");
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSave({ name, type, granularityLevel: ZGranularityLevel.parse(data.get("granularityLevel")), options });
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t("editField", { name: field.name })} className="space-y-4">
      <TextField label={t("fieldName")} name="name" defaultValue={field.name} maxLength={200} error={errors.name} autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("type")}>
          {(control) => (
            <DataFieldTypeSelect
              {...control}
              name="type"
              value={type}
              onChange={(event) => setType(ZDataFieldType.parse(event.target.value))}
            />
          )}
        </Field>
        <Field label={t("granularity")}>
          {(control) => <GranularitySelect {...control} name="granularityLevel" defaultValue={field.granularityLevel} />}
        </Field>
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-800">{t("optionsFor", { type })}</legend>
        {keys
          .filter((key) => FLAG_OPTIONS.has(key))
          .map((key) => (
            <div key={`${type}-${key}`} className="space-y-1">
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name={key}
                  defaultChecked={field.options[key] === "true"}
                  className="h-4 w-4"
                  aria-invalid={errors[key] ? true : undefined}
                  aria-describedby={flagDescription(formId, key, Boolean(errors[key]))}
                />
                {FLAG_LABELLED.has(key) ? t(`option.${key as FlagLabelKey}`) : key}
              </label>
              {FLAG_HINTS.has(key) ? (
                <p id={`${formId}-${key}-hint`} className="pl-6 text-xs text-slate-600">
                  {t(`optionHint.${key as FlagHintKey}`)}
                </p>
              ) : null}
              {errors[key] ? (
                <p id={`${formId}-${key}-error`} className="text-sm text-red-700">
                  {errors[key]}
                </p>
              ) : null}
            </div>
          ))}
        <div className="grid gap-3 sm:grid-cols-2">
          {keys
            .filter((key) => !FLAG_OPTIONS.has(key))
            .map((key) => {
              const choices = OPTION_CHOICES[key];
              return choices ? (
                <Field key={`${type}-${key}`} label={optionLabel(key)} error={errors[key]}>
                  {(control) => (
                    <Select {...control} name={key} defaultValue={field.options[key] ?? ""}>
                      {choices.map((choice) => (
                        <option key={choice.value} value={choice.value}>
                          {t(choice.labelKey)}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
              ) : (
                <TextField
                  key={`${type}-${key}`}
                  label={optionLabel(key)}
                  name={key}
                  defaultValue={field.options[key] ?? ""}
                  inputMode={NUMERIC_OPTIONS.has(key) ? "decimal" : undefined}
                  hint={key === "choices" ? t("choicesHint") : undefined}
                  error={errors[key]}
                  autoComplete="off"
                />
              );
            })}
        </div>
        <TextField
          label={t("semanticId")}
          name="semanticId"
          defaultValue={field.options[AAS_OPTION.semanticId] ?? ""}
          maxLength={2000}
          hint={t("semanticIdHint")}
          autoComplete="off"
        />
        {unknown.length > 0 ? (
          <p className="text-xs text-slate-600">{t("keptUnchanged", { keys: unknown.map(([key]) => key).join(", ") })}</p>
        ) : null}
      </fieldset>
      {errors[FORM_ERROR] ? (
        <p role="alert" className="text-sm text-red-700">
          {errors[FORM_ERROR]}
        </p>
      ) : null}
      <Button type="submit" disabled={isPending}>
        {isPending ? t("saving") : t("saveField")}
      </Button>
    </form>
  );
}

/** The ids a flag's checkbox names in `aria-describedby`: its error first, then its rule. */
function flagDescription(formId: string, key: string, hasError: boolean): string | undefined {
  const ids = [hasError ? `${formId}-${key}-error` : null, FLAG_HINTS.has(key) ? `${formId}-${key}-hint` : null];
  const present = ids.filter((id) => id !== null);
  return present.length > 0 ? present.join(" ") : undefined;
}
