import type { ReactNode } from "react";
import { FIELD_TYPES, fieldHint } from "~/components/field-inputs/field-types";
import { OpenLink } from "~/components/field-inputs/open-link";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { readFieldOptions } from "~/domain/field-options";
import type { TDataField } from "~/domain/template-schema";
import { cn } from "~/lib/cn";

/** Without `onValueChange` the input is read-only (template previews). */
export type FieldInputProps = {
  field: TDataField;
  /** The input's DOM id; its label, hint and error ids are derived from it. */
  inputId: string;
  value: string;
  onValueChange?: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  organizationId: string;
  /** Shown beside the label, e.g. "Item level" in a template preview. */
  badge?: ReactNode;
};

/** The input of a data field, whatever its type: what differs per type comes from `FIELD_TYPES`. */
export function FieldInput({ field, inputId, value, onValueChange, onBlur, error, disabled, organizationId, badge }: FieldInputProps) {
  const type = FIELD_TYPES[field.type];
  const options = readFieldOptions(field);
  const link = type.link?.(value, field, organizationId);
  return (
    <Field
      id={inputId}
      label={field.name}
      isRequired={options.required}
      hint={fieldHint(field)}
      unit={options.unit}
      error={error}
      badge={badge}
      after={
        link === undefined ? null : "href" in link ? (
          <OpenLink href={link.href} fieldName={field.name} />
        ) : (
          <p className="text-xs text-slate-600">{link.note}</p>
        )
      }
    >
      {(control) => (
        <Input
          {...control}
          type="text"
          autoComplete="off"
          spellCheck={false}
          inputMode={type.inputMode}
          value={value}
          readOnly={!onValueChange && !disabled}
          onChange={onValueChange ? (event) => onValueChange(event.currentTarget.value) : undefined}
          onBlur={onBlur}
          disabled={disabled}
          required={options.required}
          maxLength={options.maxLength}
          placeholder={options.placeholder}
          className={cn(options.unit && "rounded-r-none", type.className)}
        />
      )}
    </Field>
  );
}
