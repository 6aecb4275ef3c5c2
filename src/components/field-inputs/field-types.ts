import { fileHref, passportLinkHref } from "~/components/field-inputs/link-targets";
import { isYesNoField, readFieldOptions, type FieldOptions } from "~/domain/field-options";
import { fieldValueProblem } from "~/domain/field-value";
import type { TDataField, TDataFieldType } from "~/domain/template-schema";

type FieldSubject = Pick<TDataField, "type" | "options">;

/**
 * The words of hints and notes, from the catalogues' `fieldInput` namespace (the member's language, from
 * useTranslations("fieldInput")), so these stay pure and their wording is tested without a browser.
 */
type FieldTextKey =
  | "hintPassportLink"
  | "hintFile"
  | "hintBetween"
  | "hintAtLeast"
  | "hintAtMost"
  | "hintWhole"
  | "hintDecimals"
  | "hintNumber"
  | "hintChoices"
  | "hintDate"
  | "hintDateTime"
  | "hintMaxLength";
export type FieldText = (key: FieldTextKey, values?: Record<string, string | number>) => string;

/** What shows under a field's input for its value: an "Open" link, or a note about it (a `fieldInput` key). */
export type ValueLink = { href: string } | { note: "fileReference" };

/**
 * How one type of data field differs in the browser. Every type is a type="text" input unless its options ask for a
 * select, a date input or a text area (numbers too: a type="number" input would turn "1.50" into 1.5 and reject "-"
 * mid-typing); only these differ.
 */
export type FieldTypeUi = {
  /** The keypad phones show. */
  inputMode?: "decimal" | "url";
  /** Classes added to the input. */
  className?: string;
  /** The rules in words, shown under the input so nobody has to guess them from an error. */
  hint: (field: FieldSubject, options: FieldOptions, text: FieldText) => string | undefined;
  /** The link or note for a value; only valid values get a link, so nothing like `javascript:` becomes an href. */
  link?: (value: string, field: FieldSubject, organizationId: string) => ValueLink | undefined;
};

export const FIELD_TYPES: Record<TDataFieldType, FieldTypeUi> = {
  // Free text (a select for choices, a date input for dates); the browser cuts typing off at the maxLength.
  TextField: { hint: textHint },
  // min, max and decimals are shown as a hint and checked like the server checks them; the unit is a suffix.
  NumericField: {
    inputMode: "decimal",
    className: "tabular-nums",
    hint: numericHint,
  },
  // Another product's passport by UUID or URL.
  ProductPassportLink: {
    inputMode: "url",
    hint: (_field, _options, text) => text("hintPassportLink"),
    link: (value, _, organizationId) => {
      const href = passportLinkHref(value, organizationId);
      return href ? { href } : undefined;
    },
  },
  // A URL or a reference into the organization's file store, which this app does not serve: a valid reference is
  // named as such instead of linked.
  FileField: {
    inputMode: "url",
    hint: (_field, _options, text) => text("hintFile"),
    link: (value, field) => {
      const href = fileHref(value);
      if (href) return { href };
      return value !== "" && fieldValueProblem(field, value) === undefined ? { note: "fileReference" } : undefined;
    },
  },
};

/** The hint under a field's input. */
export function fieldHint(field: FieldSubject, text: FieldText): string | undefined {
  return FIELD_TYPES[field.type].hint(field, readFieldOptions(field), text);
}

function numericHint(field: FieldSubject, options: FieldOptions, text: FieldText): string | undefined {
  // The option strings are shown as written: Number("0.10") would print 0.1.
  const min = field.options.min ?? "";
  const max = field.options.max ?? "";
  const parts: string[] = [];
  if (options.min !== undefined && options.max !== undefined) parts.push(text("hintBetween", { min, max }));
  else if (options.min !== undefined) parts.push(text("hintAtLeast", { min }));
  else if (options.max !== undefined) parts.push(text("hintAtMost", { max }));
  if (options.decimals === 0) parts.push(text("hintWhole"));
  else if (options.decimals !== undefined) parts.push(text("hintDecimals", { count: options.decimals }));
  return parts.length > 0 ? capitalize(parts.join(", ")) : text("hintNumber");
}

// The allowed values are spelt out in visible text, not in a placeholder that is cut off and faint.
function textHint(field: FieldSubject, options: FieldOptions, text: FieldText): string | undefined {
  // A yes/no select's two words need no list under them (and "true, false" would contradict what it shows).
  if (options.choices) return isYesNoField(field) ? undefined : text("hintChoices", { choices: options.choices.join(", ") });
  if (options.format === "date") return text("hintDate");
  if (options.format === "dateTime") return text("hintDateTime");
  return options.maxLength !== undefined ? text("hintMaxLength", { count: options.maxLength }) : undefined;
}

function capitalize(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
