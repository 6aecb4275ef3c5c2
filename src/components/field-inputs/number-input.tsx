"use client";

import { useState, type ComponentProps } from "react";
import { useBrowserLocale } from "~/components/field-inputs/browser-locale";
import { Input } from "~/components/ui/input";
import { formatLocaleNumber, parseLocaleNumber } from "~/domain/languages/locale-number";

export type NumberInputProps = Omit<ComponentProps<"input">, "value" | "onChange" | "type"> & {
  /** The stored form, e.g. "1234.5". */
  value: string;
  /** Gets the stored form of what was typed, or the typed text itself when it is not a number (so it is refused). */
  onValueChange?: (value: string) => void;
};

/**
 * A number typed the way the browser's locale writes it ("12,5" in German) and handed on in the stored form
 * ("12.5"). It stays a type="text" input: a type="number" input would turn "1.50" into 1.5 and reject "-" or "12,"
 * mid-typing. While the typed text means the value it holds, the text stays exactly as typed; any other value
 * (loaded, discarded, saved by someone else) is shown in the locale's form.
 */
export function NumberInput({ value, onValueChange, ...props }: NumberInputProps) {
  const locale = useBrowserLocale();
  const [typed, setTyped] = useState<string | null>(null);
  const isTypedCurrent = typed !== null && (parseLocaleNumber(typed, locale) ?? typed) === value;
  return (
    <Input
      {...props}
      type="text"
      inputMode="decimal"
      value={isTypedCurrent ? typed : formatLocaleNumber(value, locale)}
      onChange={
        onValueChange
          ? (event) => {
              const text = event.currentTarget.value;
              setTyped(text);
              onValueChange(parseLocaleNumber(text, locale) ?? text);
            }
          : undefined
      }
    />
  );
}
