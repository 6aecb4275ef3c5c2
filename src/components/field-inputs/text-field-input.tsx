import type { FieldInputProps } from "~/components/field-inputs/field-input-props";
import { fieldHint } from "~/components/field-inputs/field-hint";
import { FieldShell } from "~/components/field-inputs/field-shell";
import { FieldTextInput } from "~/components/field-inputs/field-text-input";
import { readFieldOptions } from "~/domain/field-options";

/** A TextField: free text, cut off by the browser at the field's `maxLength`. */
export function TextFieldInput({ field, inputId, value, onValueChange, onBlur, error, disabled, badge }: FieldInputProps) {
  const options = readFieldOptions(field);
  const hint = fieldHint(field);
  return (
    <FieldShell inputId={inputId} label={field.name} isRequired={options.required} hint={hint} unit={options.unit} error={error} badge={badge}>
      <FieldTextInput
        inputId={inputId}
        value={value}
        onValueChange={onValueChange}
        onBlur={onBlur}
        error={error}
        hint={hint}
        unit={options.unit}
        disabled={disabled}
        required={options.required}
        maxLength={options.maxLength}
        placeholder={options.placeholder}
      />
    </FieldShell>
  );
}
