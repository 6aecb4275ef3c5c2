import type { ComponentProps } from "react";
import { describedBy } from "~/components/field-inputs/field-shell";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";

export type FieldTextInputProps = Omit<ComponentProps<"input">, "value" | "onChange" | "id"> & {
  inputId: string;
  value: string;
  onValueChange?: (value: string) => void;
  error?: string;
  hint?: string;
  unit?: string;
};

/**
 * The <input> every field type uses: always type="text", so what the user typed is kept exactly as a string (a
 * type="number" input would turn "1.50" into 1.5 and let the browser reject "-" mid-typing).
 */
export function FieldTextInput({ inputId, value, onValueChange, error, hint, unit, className, ...props }: FieldTextInputProps) {
  const isReadOnly = !onValueChange;
  return (
    <Input
      id={inputId}
      type="text"
      autoComplete="off"
      spellCheck={false}
      value={value}
      readOnly={isReadOnly && !props.disabled}
      onChange={onValueChange ? (event) => onValueChange(event.currentTarget.value) : undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(inputId, { error, hint, unit })}
      className={cn(unit && "rounded-r-none", className)}
      {...props}
    />
  );
}
