import type { FieldInputProps } from "~/components/field-inputs/field-input-props";
import { fieldHint } from "~/components/field-inputs/field-hint";
import { FieldShell } from "~/components/field-inputs/field-shell";
import { FieldTextInput } from "~/components/field-inputs/field-text-input";
import { readFieldOptions } from "~/domain/field-options";

/**
 * A NumericField. A text input with the decimal keypad (inputMode="decimal"): the value stays the exact string
 * typed, min, max and decimals are shown as a hint and checked like the server checks them, the unit is a suffix.
 */
export function NumericFieldInput({ field, inputId, value, onValueChange, onBlur, error, disabled, badge }: FieldInputProps) {
  const options = readFieldOptions(field);
  const hint = fieldHint(field);
  return (
    <FieldShell inputId={inputId} label={field.name} isRequired={options.required} hint={hint} unit={options.unit} error={error} badge={badge}>
      <FieldTextInput
        inputId={inputId}
        inputMode="decimal"
        value={value}
        onValueChange={onValueChange}
        onBlur={onBlur}
        error={error}
        hint={hint}
        unit={options.unit}
        disabled={disabled}
        required={options.required}
        placeholder={options.placeholder}
        className="tabular-nums"
      />
    </FieldShell>
  );
}
