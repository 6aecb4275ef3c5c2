"use client";

import { LocaleTextInput, type LocaleTextInputProps } from "~/components/field-inputs/locale-text-input";
import { formatLocaleNumber, parseLocaleNumber } from "~/domain/languages/locale-number";

/**
 * A number typed the way the browser's locale writes it ("12,5" in German) and handed on in the stored form
 * ("12.5"), shown in the locale's form when not being typed. A type="number" input would turn "1.50" into 1.5 and
 * reject "-" or "12," mid-typing.
 */
export function NumberInput(props: LocaleTextInputProps) {
  return <LocaleTextInput inputMode="decimal" {...props} parse={parseLocaleNumber} show={formatLocaleNumber} />;
}
