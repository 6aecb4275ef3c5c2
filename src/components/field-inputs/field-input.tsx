import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { DateTimeInput } from "~/components/field-inputs/date-time-input";
import { FIELD_TYPES, fieldHint } from "~/components/field-inputs/field-types";
import { ListInput } from "~/components/field-inputs/list-input";
import { NumberInput } from "~/components/field-inputs/number-input";
import { OpenLink } from "~/components/field-inputs/open-link";
import { RangeInput } from "~/components/field-inputs/range-input";
import { useValueWords } from "~/components/field-inputs/use-value-words";
import { Field, type FieldControlProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { Badge } from "~/components/ui/badge";
import { isPersonalField, readFieldOptions, type FieldOptions } from "~/domain/field-options";
import { isIsoDate } from "~/domain/field-value";
import type { TDataField } from "~/domain/template-schema";
import { choiceText } from "~/domain/value-text";
import { cn } from "~/lib/cn";

/** Without `onValueChange` the input is read-only (template previews). */
export type FieldInputProps = {
  /**
   * With `choiceLabels` (a template localized by `localizeTemplate`) a select shows each choice's label; a yes/no
   * field's `true`/`false` read "Yes"/"No" (choiceText).
   */
  field: TDataField & { choiceLabels?: readonly string[] };
  /** The input's DOM id; its label, hint and error ids are derived from it. */
  inputId: string;
  value: string;
  onValueChange?: (value: string) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  organizationId: string;
  /** Shown beside the label, e.g. "Item level" in a template preview. */
  badge?: ReactNode;
  /** The label, when not the field's name: a multilingual field's "Designation (German)". */
  label?: string;
  /** The language of the value (a multilingual field's), so screen readers and spelling checks read it right. */
  lang?: string;
};

/** The input of a data field, whatever its type: what differs per type comes from `FIELD_TYPES`. */
export function FieldInput(props: FieldInputProps) {
  const { field, inputId, value, onValueChange, onFocus, onBlur, error, disabled, organizationId, badge, label, lang } = props;
  const t = useTranslations("fieldInput");
  const type = FIELD_TYPES[field.type];
  const options = readFieldOptions(field);
  const link = type.link?.(value, field, organizationId);
  return (
    <Field
      id={inputId}
      label={label ?? field.name}
      isRequired={options.required}
      hint={fieldHint(field, t)}
      unit={options.unit}
      error={error}
      badge={
        isPersonalField(field) ? (
          <>
            {badge}
            <PersonalMark />
          </>
        ) : (
          badge
        )
      }
      after={
        link === undefined ? null : "href" in link ? (
          <OpenLink href={link.href} fieldName={field.name} />
        ) : (
          <p className="text-xs text-slate-600">{t(link.note)}</p>
        )
      }
    >
      {(control) => (
        <FieldControl
          control={control}
          field={field}
          options={options}
          value={value}
          onValueChange={onValueChange}
          onFocus={onFocus}
          onBlur={onBlur}
          disabled={disabled}
          lang={lang}
        />
      )}
    </Field>
  );
}

/**
 * The mark of a personal field (docs/field-options.md §Personal data): its text is its accessible name, its title says
 * what it means; it sits beside the label, outside it, so the input keeps the field's name as its own.
 */
function PersonalMark() {
  const t = useTranslations("fieldInput");
  return (
    <Badge tone="brand" role="note" aria-label={t("personalMarkTitle")} title={t("personalMarkTitle")}>
      {t("personalMark")}
    </Badge>
  );
}

type FieldControlOptions = Pick<FieldInputProps, "field" | "value" | "onValueChange" | "onFocus" | "onBlur" | "disabled" | "lang"> & {
  control: FieldControlProps & { "aria-label"?: string };
  options: FieldOptions;
};

/** The control the field's type and options call for: a number, a select, a date, a text area or a line of text. */
function FieldControl({ control, field, options, value, onValueChange, onFocus, onBlur, disabled, lang }: FieldControlOptions) {
  const t = useTranslations("fieldInput");
  const words = useValueWords();
  const common = {
    ...control,
    onFocus,
    onBlur,
    disabled,
    lang,
    required: options.required,
    className: cn(options.unit && "rounded-r-none", FIELD_TYPES[field.type].className),
  };
  const isReadOnly = !onValueChange && !disabled;
  if (options.list) {
    return (
      <ListInput
        control={control}
        field={field}
        value={value}
        onValueChange={onValueChange}
        renderEntry={(entry) => (
          <FieldControl
            {...entry}
            options={readFieldOptions(entry.field)}
            onFocus={onFocus}
            onBlur={onBlur}
            disabled={disabled}
            lang={lang}
          />
        )}
      />
    );
  }
  if (options.range) {
    const { className: _className, ...rest } = common;
    return (
      <RangeInput {...rest} field={field} format={options.format} value={value} onValueChange={onValueChange} readOnly={isReadOnly} />
    );
  }
  // Typed as the browser's locale writes numbers, or dates with times, and handed on in the stored form.
  const LocaleInput = field.type === "NumericField" ? NumberInput : options.format === "dateTime" ? DateTimeInput : undefined;
  if (LocaleInput) {
    return (
      <LocaleInput
        {...common}
        autoComplete="off"
        value={value}
        onValueChange={onValueChange}
        readOnly={isReadOnly}
        placeholder={options.placeholder}
      />
    );
  }
  const onChange = onValueChange
    ? (event: { currentTarget: { value: string } }) => onValueChange(event.currentTarget.value)
    : undefined;
  if (options.choices) {
    // A value from before the choices (or written through the API by mistake) stays visible rather than blank.
    const isOutside = value !== "" && !options.choices.includes(value);
    return (
      <Select {...common} value={value} onChange={onChange}>
        <option value="">{options.required ? t("choose") : "—"}</option>
        {isOutside ? <option value={value}>{value}</option> : null}
        {options.choices.map((choice) => (
          <option key={choice} value={choice}>
            {choiceText(field, choice, words)}
          </option>
        ))}
      </Select>
    );
  }
  if (options.multiline) {
    return (
      <Textarea
        {...common}
        rows={3}
        value={value}
        readOnly={isReadOnly}
        onChange={onChange}
        maxLength={options.maxLength}
        placeholder={options.placeholder}
      />
    );
  }
  // A date input can only hold a full ISO date; anything else stored earlier is shown as text so it is not hidden.
  const isDate = options.format === "date" && (value === "" || isIsoDate(value));
  return (
    <Input
      {...common}
      type={isDate ? "date" : "text"}
      autoComplete="off"
      // Codes and identifiers are not prose; a multilingual field's text is, in its own language.
      spellCheck={common.lang !== undefined}
      inputMode={FIELD_TYPES[field.type].inputMode}
      value={value}
      readOnly={isReadOnly}
      onChange={onChange}
      maxLength={options.maxLength}
      placeholder={options.placeholder}
    />
  );
}
