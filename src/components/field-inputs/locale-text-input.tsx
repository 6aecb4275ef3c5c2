"use client";

import { useState, type ComponentProps } from "react";
import { useBrowserLocale } from "~/components/field-inputs/browser-locale";
import { Input } from "~/components/ui/input";

export type LocaleTextInputProps = Omit<ComponentProps<"input">, "value" | "onChange" | "type"> & {
  /** The stored form, e.g. "1234.5" or "2025-03-31T14:05:00". */
  value: string;
  /** Gets the stored form of what was typed, or the typed text itself when it reads as none (so it is refused). */
  onValueChange?: (value: string) => void;
};

type LocaleRule = {
  /** The stored form of text typed in `locale`; undefined when it does not read as a value. */
  parse: (text: string, locale: string) => string | undefined;
  /** A stored value as the input shows it when it is not being typed. */
  show: (value: string, locale: string) => string;
};

/**
 * A value typed the way the browser's locale writes it and handed on in the stored form (locale-value.ts). It stays
 * a type="text" input, so it never rewrites or refuses text mid-typing. While the typed text means the value it
 * holds, the text stays exactly as typed; any other value (loaded, discarded, saved by someone else) is shown by
 * `show`.
 */
export function LocaleTextInput({ value, onValueChange, parse, show, ...props }: LocaleTextInputProps & LocaleRule) {
  const locale = useBrowserLocale();
  const [typed, setTyped] = useState<string | null>(null);
  const isTypedCurrent = typed !== null && (parse(typed, locale) ?? typed) === value;
  return (
    <Input
      {...props}
      type="text"
      value={isTypedCurrent ? typed : show(value, locale)}
      onChange={
        onValueChange
          ? (event) => {
              const text = event.currentTarget.value;
              setTyped(text);
              onValueChange(parse(text, locale) ?? text);
            }
          : undefined
      }
    />
  );
}
