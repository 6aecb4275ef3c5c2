"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, type ChangeEvent } from "react";
import { useEditor } from "~/components/model-editor/editor-context";
import { applyPlan } from "~/components/model-editor/repeater-grid/apply-plan";
import { cellKey, columnId, columnName, type GridColumn } from "~/components/model-editor/repeater-grid/grid-columns";
import { columnTitle, exportTable, planImport, type ImportPlan } from "~/components/model-editor/repeater-grid/row-import";
import { tooManyText, type RowLimits } from "~/components/model-editor/repeater-grid/row-limits";
import { downloadBlob, MAX_IMPORT_ROWS, readTableFile, toCsv, toXlsx } from "~/components/model-editor/repeater-grid/table-files";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

export type GridFilesProps = {
  repeaterId: string;
  name: string;
  columns: readonly GridColumn[];
  limits: RowLimits;
  onDone: (message: string) => void;
};

const PREVIEW_ROWS = 5;
const LISTED_PROBLEMS = 10;

/**
 * Import rows from a CSV or XLSX file (a preview with the columns mapped by header name and every bad cell listed;
 * nothing changes until confirmed, then the rows are added to the draft as one undoable step) and export the
 * repeater's rows as CSV or XLSX.
 */
export function GridFiles({ repeaterId, name, columns, limits, onDone }: GridFilesProps) {
  const { store, index, level } = useEditor();
  const t = useTranslations("editorGrid");
  const rowsText = useTranslations("editorRows");
  const inputRef = useRef<HTMLInputElement>(null);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [fileName, setFileName] = useState("");
  const [error, setError] = useState("");

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = "";
    if (!file) return;
    try {
      const table = await readTableFile(file);
      if (table.length - 1 > MAX_IMPORT_ROWS) {
        onDone(t("fileTooLong", { file: file.name, count: table.length - 1, max: MAX_IMPORT_ROWS }));
        return;
      }
      setError("");
      setFileName(file.name);
      setPlan(planImport(table, columns, index, level));
    } catch {
      onDone(t("fileUnreadable", { file: file.name }));
    }
  };

  const onConfirm = () => {
    if (!plan) return;
    if (plan.rowCount === 0 || plan.mapping.every((col) => col === undefined)) {
      setError(t("nothingMapped"));
      return;
    }
    const tooMany = tooManyText(rowsText, name, limits, store.rows(repeaterId).length, plan.rowCount);
    if (tooMany) {
      setError(tooMany);
      return;
    }
    applyPlan(store, { repeaterId, columns, rows: [], rowsToAdd: plan.rowCount, cells: plan.cells });
    onDone(
      plan.problemCount
        ? t("importedProblems", { count: plan.rowCount, file: fileName, problems: plan.problemCount })
        : t("imported", { count: plan.rowCount, file: fileName }),
    );
    setPlan(null);
  };

  const onExport = async (format: "csv" | "xlsx") => {
    const table = exportTable(columns, store.rows(repeaterId), (column, row) => store.value(cellKey(column, row)));
    const blob = format === "csv" ? toCsv(table) : await toXlsx(table, name);
    downloadBlob(blob, `${name}.${format}`);
  };

  const mapped = plan ? plan.mapping.flatMap((col) => (col === undefined ? [] : [columns[col]])) : [];
  const previewRows = plan ? Math.min(PREVIEW_ROWS, plan.rowCount) : 0;
  const problems = plan ? plan.cells.filter((cell) => cell.problem) : [];

  return (
    <div className="flex flex-wrap gap-2">
      <input
        ref={inputRef}
        type="file"
        accept=".csv,.xlsx,text/csv"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onFile}
      />
      <Button variant="secondary" size="sm" onClick={() => inputRef.current?.click()}>
        {t.rich("import", { name, sr: (chunks) => <span className="sr-only">{chunks}</span> })}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => void onExport("csv")}>
        {t("exportCsv")}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => void onExport("xlsx")}>
        {t("exportXlsx")}
      </Button>
      <ConfirmDialog
        isOpen={plan !== null}
        title={t("importTitle", { count: plan?.rowCount ?? 0, name })}
        confirmLabel={t("importConfirm", { count: plan?.rowCount ?? 0 })}
        error={error}
        onConfirm={onConfirm}
        onCancel={() => setPlan(null)}
      >
        {plan && (
          <div className="space-y-3 text-sm">
            <p>
              {plan.ignoredHeaders.length > 0
                ? t("importMatchedIgnored", {
                    file: fileName,
                    matched: mapped.length,
                    total: columns.length,
                    ignored: plan.ignoredHeaders.join(", "),
                  })
                : t("importMatched", { file: fileName, matched: mapped.length, total: columns.length })}
            </p>
            <div className="max-h-48 overflow-auto rounded border border-slate-200">
              <table className="w-full text-left text-xs">
                <caption className="sr-only">{t("previewCaption")}</caption>
                <thead className="bg-slate-50">
                  <tr>
                    {mapped.map((column) => (
                      <th key={column ? columnId(column) : undefined} scope="col" className="px-2 py-1">
                        {column ? columnTitle(column) : ""}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {Array.from({ length: previewRows }, (_, r) => (
                    <tr key={r}>
                      {mapped.map((column) => {
                        const cell = plan.cells.find((c) => c.row === r && columns[c.col] === column);
                        return (
                          <td
                            key={column ? columnId(column) : undefined}
                            className={cell?.problem ? "bg-red-50 px-2 py-1 text-red-900" : "px-2 py-1"}
                          >
                            {cell?.value ?? ""}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {problems.length > 0 && (
              <div>
                <p className="font-medium text-red-800">{t("importProblems", { count: plan.problemCount })}</p>
                <ul className="list-disc pl-5 text-red-800">
                  {problems.slice(0, LISTED_PROBLEMS).map((cell) => (
                    <li key={`${cell.row}-${cell.col}`}>
                      {t("cellProblem", { row: cell.row + 1, column: columnTitleAt(columns, cell.col), problem: cell.problem ?? "" })}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}

function columnTitleAt(columns: readonly GridColumn[], col: number): string {
  const column = columns[col];
  return column ? columnName(column) : "";
}
