"use client";

import { useLocale, useTranslations } from "next-intl";
import { importProblemText } from "~/components/items/import-problem-text";
import type { TImportProblem } from "~/domain/spreadsheet/import-problems";
import type { TItemImportReport, TSheetReading } from "~/domain/spreadsheet/item-import-schema";

export type ImportReportViewProps = {
  report: TItemImportReport;
  /** Called with the column's change when the user maps a column to another key (or to none). */
  onMappingChange: (change: { sheet: string; column: number; key: string | null }) => void;
};

/**
 * A dry run's report: how many items would be created, changed and left unchanged, how the file was read (its
 * delimiter and the locale of its numbers and dates), the column mapping of each sheet (adjustable:
 * each file column's select lists the keys its sheet offers), and every problem by sheet, row, column and rule.
 */
export function ImportReportView({ report, onMappingChange }: ImportReportViewProps) {
  const t = useTranslations("itemsImport");
  const fieldText = useTranslations("fieldInput");
  const uiLocale = useLocale();
  const problemText = (problem: TImportProblem) => importProblemText(problem, t, fieldText, uiLocale);
  const total = report.problems.length + report.moreProblems;
  const choose = (sheet: string, column: number, key: string) => onMappingChange({ sheet, column, key: key === "" ? null : key });
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-800" data-testid="import-counts">
        {t("counts", { create: report.create, update: report.update, unchanged: report.unchanged, problems: total })}
      </p>
      <p className="text-sm text-slate-600" data-testid="import-reading">
        {readingText(t, report.reading, uiLocale)}
      </p>
      {report.mapping.map((sheet) => (
        <details key={sheet.sheet} className="rounded-md border border-slate-200 p-3" open={report.mapping.length === 1}>
          <summary className="cursor-pointer text-sm font-medium">{t("columnsOf", { sheet: sheet.sheet })}</summary>
          <table className="mt-2 w-full text-left text-sm" aria-label={t("mappingLabel", { sheet: sheet.sheet })}>
            <thead>
              <tr>
                <th className="py-1 pr-4 font-medium">{t("fileColumn")}</th>
                <th className="py-1 font-medium">{t("fills")}</th>
              </tr>
            </thead>
            <tbody>
              {sheet.columns.map((column, i) => (
                <tr key={`${i}-${column.header}`}>
                  <td className="py-1 pr-4">{column.header || t("unnamedColumn", { n: i + 1 })}</td>
                  <td className="py-1">
                    <select
                      aria-label={t("columnFills", { header: column.header })}
                      className="w-full max-w-md rounded border border-slate-300 px-2 py-1"
                      value={column.key ?? ""}
                      onChange={(event) => choose(sheet.sheet, i, event.target.value)}
                    >
                      <option value="">{t("leftOut")}</option>
                      {sheet.available.map((option) => (
                        <option key={option.key} value={option.key}>
                          {option.title}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ))}
      {total > 0 ? (
        <table className="w-full text-left text-sm" aria-label={t("problems")}>
          <thead>
            <tr className="border-b border-slate-200">
              <th className="py-1 pr-3 font-medium">{t("sheet")}</th>
              <th className="py-1 pr-3 font-medium">{t("row")}</th>
              <th className="py-1 pr-3 font-medium">{t("column")}</th>
              <th className="py-1 pr-3 font-medium">{t("rule")}</th>
              <th className="py-1 font-medium">{t("problem")}</th>
            </tr>
          </thead>
          <tbody>
            {report.problems.map((problem, i) => (
              <tr key={i} className="border-b border-slate-100 align-top text-red-800">
                <td className="py-1 pr-3">{problem.sheet}</td>
                <td className="py-1 pr-3">{problem.row ?? "—"}</td>
                <td className="py-1 pr-3">{problem.column ?? "—"}</td>
                <td className="py-1 pr-3">{t(`rules.${problem.rule}`)}</td>
                <td className="py-1">{problemText(problem)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {report.moreProblems > 0 ? <p className="text-sm text-red-800">{t("moreProblems", { count: report.moreProblems })}</p> : null}
    </div>
  );
}

const DELIMITER_NAMES = { ",": "comma", ";": "semicolon", "\t": "tab" } as const;

/** How the file was read, the locale named in the reader's language (`de-DE` → "German (Germany)"). */
function readingText(t: ReturnType<typeof useTranslations<"itemsImport">>, reading: TSheetReading, uiLocale: string): string {
  if (reading.delimiter === null || reading.locale === null) return t("readingXlsx");
  const locale = new Intl.DisplayNames([uiLocale], { type: "language" }).of(reading.locale) ?? reading.locale;
  return t("readingDelimited", {
    delimiter: DELIMITER_NAMES[reading.delimiter],
    locale,
    detected: String(reading.isLocaleDetected),
  });
}
