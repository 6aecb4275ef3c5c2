import type { ComponentProps, ReactNode } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

export type TextFieldProps = Omit<ComponentProps<"input">, "id"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
};

/** A form's labelled text input: the one `Field` around an `Input`. */
export function TextField({ label, hint, error, className, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <Input {...control} {...inputProps} />}
    </Field>
  );
}
