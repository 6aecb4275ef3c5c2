import { z } from "zod";
import { ZImportProblem } from "~/domain/spreadsheet/import-problems";
import { SHEET_DELIMITERS, ZMappingOverrides, ZSheetMapping } from "~/domain/spreadsheet/sheet-mapping";
import { ZSheetLocale } from "~/domain/spreadsheet/sheet-locale";
import { ZUuid } from "~/domain/uuid";

/** The most items one import may create or update (as many as one bulk creation). */
export const MAX_IMPORT_ITEMS = 10_000;

const ZBooleanText = z.enum(["true", "false"]).transform((text) => text === "true");

/** `mapping` is the browser's adjusted column mapping as JSON (sheet name → column position → key or null). */
const ZMappingParam = z
  .string()
  .max(16_384)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "mapping must be JSON" });
      return z.NEVER;
    }
  })
  .pipe(ZMappingOverrides);

export const ZItemImportQuery = z.object({
  locale: ZSheetLocale.optional().meta({
    description:
      "The locale a CSV or TSV file writes numbers and dates in, as a BCP 47 tag (`de-DE`: `97,5` and `29.02.2024`). " +
      "Detected from the file when not given. XLSX numbers and dates are typed cells, read exactly.",
  }),
  dryRun: ZBooleanText.optional().meta({ description: "`true`: check and report, write nothing. Default `false`." }),
  mapping: ZMappingParam.optional().meta({
    description: 'Changes to the automatic column mapping, as JSON: `{"<sheet>": {"<column position>": "<key>" | null}}`.',
  }),
});
export type TItemImportQuery = z.infer<typeof ZItemImportQuery>;

/** How a file was read (docs/spreadsheets.md, Delimiter and locale). */
export const ZSheetReading = z.object({
  /** The delimiter of a CSV or TSV file (of its items sheet, for a zip); null for XLSX. */
  delimiter: z.enum(SHEET_DELIMITERS).nullable(),
  /** The locale numbers and dates of a CSV or TSV file were read in; null for XLSX (typed cells). */
  locale: z.string().nullable(),
  /** Whether the locale was detected from the file rather than given as `locale`. */
  isLocaleDetected: z.boolean(),
});
export type TSheetReading = z.infer<typeof ZSheetReading>;

/** What an import does or would do (docs/spreadsheets.md). */
export const ZItemImportReport = z.object({
  /** Items the file creates (rows whose identifiers name no item of the model). */
  create: z.number().int(),
  /** Items of the model the file changes (matched by identifier, with a value, row or identifier that differs). */
  update: z.number().int(),
  /** Items of the model the file names with exactly what they hold: the import leaves them as they are. */
  unchanged: z.number().int(),
  reading: ZSheetReading,
  problems: z.array(ZImportProblem),
  /** Problems found beyond the 100 listed. */
  moreProblems: z.number().int(),
  mapping: z.array(ZSheetMapping),
  /** The ids of the items created, in the file's order; empty for a dry run. */
  createdIds: z.array(ZUuid),
});
export type TItemImportReport = z.infer<typeof ZItemImportReport>;

/**
 * One line of an import's streamed progress (docs/spreadsheets.md, Progress): `checking` once the file is read and
 * the import planned, then `writing` after each chunk of items written (`done` of `total`), each line one JSON
 * object of an NDJSON answer; the last line is the outcome (ZItemImportOutcome).
 */
export const ZItemImportProgress = z.object({
  type: z.literal("progress"),
  phase: z.enum(["checking", "writing"]),
  done: z.number().int(),
  total: z.number().int(),
});
export type TItemImportProgress = z.infer<typeof ZItemImportProgress>;

/** The last line of a streamed import: the status and body the plain JSON answer would have had. */
export const ZItemImportOutcome = z.object({
  type: z.literal("outcome"),
  status: z.number().int(),
  body: z.unknown(),
});
export type TItemImportOutcome = z.infer<typeof ZItemImportOutcome>;

export const ZSheetFormat = z.enum(["csv", "xlsx"]);
export const ZSheetExportQuery = z.strictObject({
  format: ZSheetFormat.default("xlsx").meta({
    description: "`xlsx` (one sheet per repeater) or `csv` (a zip of CSV files when the model has repeaters).",
  }),
});
export type TSheetFormat = z.infer<typeof ZSheetFormat>;
