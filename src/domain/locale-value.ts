/**
 * A stored value shown the way the reader's locale writes it, for read-only places (the model's values beside an
 * item's editor): numbers with the locale's decimal separator, as the number input shows them, and dates (a text
 * field with format "date") in the locale's medium date style, as a date input shows them. Anything else as stored.
 */
import { isIsoDate } from "~/domain/field-value";
import { readFieldOptions } from "~/domain/field-options";
import { formatLocaleNumber } from "~/domain/locale-number";
import type { TDataField } from "~/domain/template-schema";

export function formatLocaleValue(field: Pick<TDataField, "type" | "options">, value: string, locale: string): string {
  if (field.type === "NumericField") return formatLocaleNumber(value, locale);
  if (field.type === "TextField" && readFieldOptions(field).format === "date" && isIsoDate(value)) {
    // Noon UTC, shown in UTC: the calendar day stored, whatever the reader's time zone.
    return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${value}T12:00:00Z`));
  }
  return value;
}
