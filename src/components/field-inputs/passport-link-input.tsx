import type { FieldInputProps } from "~/components/field-inputs/field-input-props";
import { fieldHint } from "~/components/field-inputs/field-hint";
import { FieldShell } from "~/components/field-inputs/field-shell";
import { FieldTextInput } from "~/components/field-inputs/field-text-input";
import { passportLinkHref } from "~/components/field-inputs/link-targets";
import { OpenLink } from "~/components/field-inputs/open-link";
import { readFieldOptions } from "~/domain/field-options";

/** A ProductPassportLink: another product's passport by UUID or URL, with "Open" once the value is one. */
export function PassportLinkInput(props: FieldInputProps) {
  const { field, inputId, value, onValueChange, onBlur, error, disabled, badge, organizationId } = props;
  const options = readFieldOptions(field);
  const hint = fieldHint(field);
  const href = passportLinkHref(value, organizationId);
  return (
    <FieldShell
      inputId={inputId}
      label={field.name}
      isRequired={options.required}
      hint={hint}
      unit={options.unit}
      error={error}
      badge={badge}
      after={href ? <OpenLink href={href} fieldName={field.name} /> : null}
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
