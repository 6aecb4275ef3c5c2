"use client";

import { LocaleTextInput, type LocaleTextInputProps } from "~/components/field-inputs/locale-text-input";
import { parseLocaleDateTime } from "~/domain/languages/locale-value";

/**
 * A date and time (`format: "dateTime"`), typed in the stored form or the way the browser's locale writes it
 * ("31.03.2025 14:05" in German: a local time, no zone) and handed on in the stored form, shown in the stored form
 * when not being typed. A browser's datetime-local input has no zone, so it could not show a stored "Z" or "+02:00".
 */
export function DateTimeInput(props: LocaleTextInputProps) {
  return <LocaleTextInput spellCheck={false} {...props} parse={parseLocaleDateTime} show={(value) => value} />;
}
