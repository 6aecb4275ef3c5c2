import { readFieldOptions } from "~/domain/field-options";
import type { TDataField } from "~/domain/template-schema";

/** The rules of a field in words, shown under its input so nobody has to guess them from an error. */
export function fieldHint(field: Pick<TDataField, "type" | "options">): string | undefined {
  const options = readFieldOptions(field);
  switch (field.type) {
    case "NumericField": {
      // The option strings are shown as written: Number("0.10") would print 0.1.
      const { min, max } = field.options;
      const parts: string[] = [];
      if (options.min !== undefined && options.max !== undefined) parts.push(`Between ${min} and ${max}`);
      else if (options.min !== undefined) parts.push(`At least ${min}`);
      else if (options.max !== undefined) parts.push(`At most ${max}`);
      if (options.decimals === 0) parts.push("whole number");
      else if (options.decimals !== undefined) parts.push(`up to ${options.decimals} decimal${options.decimals === 1 ? "" : "s"}`);
      return parts.length > 0 ? capitalize(parts.join(", ")) : "A number such as -12.5";
    }
    case "TextField":
      return options.maxLength !== undefined ? `Up to ${options.maxLength} characters` : undefined;
    case "ProductPassportLink":
      return "A passport UUID or an http(s) URL";
    case "FileField":
      return "An http(s) URL or a file reference such as files/manual.pdf";
  }
}

function capitalize(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
