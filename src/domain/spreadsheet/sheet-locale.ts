import { z } from "zod";
import { parseLocaleValue } from "~/domain/languages/locale-value";
import type { FieldColumn } from "~/domain/spreadsheet/item-sheet-layout";
import type { SheetDelimiter } from "~/domain/spreadsheet/sheet-mapping";

/**
 * The locale a CSV or TSV file writes numbers and dates in (docs/spreadsheets.md, Locale): the caller's `locale`
 * parameter, or detected from the file. Spreadsheet programs save CSV in the locale of the computer: Excel in
 * German writes `97,5` and `29.02.2024` separated by semicolons, in American English `97.5` and `2/29/2024` by
 * commas. The numbers and dates are then read with the editor's one locale rule (locale-number.ts, locale-value.ts).
 */

/** A BCP 47 language tag the runtime knows (`de-DE`, `en`, `fr-CH`), in its canonical form. */
export const ZSheetLocale = z
  .string()
  .max(35)
  .transform((text, ctx) => {
    try {
      const [canonical] = Intl.getCanonicalLocales(text);
      if (canonical) return canonical;
    } catch {
      // Reported below.
    }
    ctx.addIssue({ code: "custom", message: "locale must be a BCP 47 language tag, e.g. de-DE or en-US" });
    return z.NEVER;
  });

// The locales detection chooses from, in the order ties are decided: the decimal-comma locales first for a file
// separated by semicolons (Excel uses `;` where the comma is the decimal separator), the decimal-point ones first
// otherwise. They cover the four ways of writing numbers and numeric dates people's programs use.
const DECIMAL_POINT = ["en-US", "en-GB"];
const DECIMAL_COMMA = ["de-DE", "fr-FR"];

/** A number or date cell of a mapped column, as detection samples it. */
export type LocaleSample = { column: FieldColumn; text: string };

/**
 * The locale under which most of the file's number and date cells read (ties go to the first of the candidates
 * for the file's delimiter). Cells in the stored form (`97.5`, `2024-02-29`) read under every locale, so a file
 * written by this app's export is read as it was written whatever is chosen.
 */
export function detectSheetLocale(samples: readonly LocaleSample[], delimiter: SheetDelimiter): string {
  const candidates = delimiter === ";" ? [...DECIMAL_COMMA, ...DECIMAL_POINT] : [...DECIMAL_POINT, ...DECIMAL_COMMA];
  let best = { locale: candidates[0] ?? "en-US", read: -1 };
  for (const locale of candidates) {
    const read = samples.filter(({ column, text }) => parseLocaleValue(column.field, text, locale) !== undefined).length;
    if (read > best.read) best = { locale, read };
  }
  return best.locale;
}
