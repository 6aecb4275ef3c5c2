import type { FieldInputProps } from "~/components/field-inputs/field-input-props";
import { fieldHint } from "~/components/field-inputs/field-hint";
import { FieldShell } from "~/components/field-inputs/field-shell";
import { FieldTextInput } from "~/components/field-inputs/field-text-input";
import { fileHref } from "~/components/field-inputs/link-targets";
import { OpenLink } from "~/components/field-inputs/open-link";
import { readFieldOptions } from "~/domain/field-options";
import { fieldValueProblem } from "~/domain/field-value";

/**
 * A FileField: a URL or a reference into the organization's file store. URLs get an "Open" link; a valid relative
 * reference is named as such, since this app does not serve the store's files.
 */
export function FileFieldInput(props: FieldInputProps) {
  const { field, inputId, value, onValueChange, onBlur, error, disabled, badge } = props;
  const options = readFieldOptions(field);
  const hint = fieldHint(field);
  const href = fileHref(value);
  const isReference = !href && value !== "" && fieldValueProblem(field, value) === undefined;
  return (
    <FieldShell
      inputId={inputId}
      label={field.name}
      isRequired={options.required}
      hint={hint}
      unit={options.unit}
      error={error}
      badge={badge}
      after={
        href ? (
          <OpenLink href={href} fieldName={field.name} />
        ) : isReference ? (
          <p className="text-xs text-slate-600">File reference in your file store</p>
        ) : null
      }
    >
      <FieldTextInput
        inputId={inputId}
        inputMode="url"
        value={value}
        onValueChange={onValueChange}
        onBlur={onBlur}
        error={error}
        hint={hint}
        unit={options.unit}
        disabled={disabled}
        required={options.required}
        placeholder={options.placeholder}
      />
    </FieldShell>
  );
}
