import { TextField, type TextFieldProps } from "~/components/ui/text-field";

const NAME = "expiresAt";

/** A form's "expires on" date input; read its value with `expiresAtFromForm`. */
export function ExpiryDateField(props: Omit<TextFieldProps, "name" | "type">) {
  return <TextField {...props} name={NAME} type="date" />;
}

/**
 * The end of the chosen day in the user's own time zone, so "expires on 31 May" means all of their 31 May;
 * undefined when no day is chosen.
 */
export function expiresAtFromForm(data: FormData): string | undefined {
  const date = data.get(NAME);
  return typeof date === "string" && date ? new Date(`${date}T23:59:59.999`).toISOString() : undefined;
}
