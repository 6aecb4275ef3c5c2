"use client";

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
        onDone(`${file.name} has ${table.length - 1} rows; import at most ${MAX_IMPORT_ROWS.toLocaleString("en")} at once.`);
        return;
      }
      setError("");
      setFileName(file.name);
      setPlan(planImport(table, columns, index, level));
    } catch {
      onDone(`${file.name} could not be read as CSV or XLSX.`);
    }
  };

  const onConfirm = () => {
    if (!plan) return;
    if (plan.rowCount === 0 || plan.mapping.every((col) => col === undefined)) {
      setError("No row of the file fills a field of this repeater.");
      return;
    }
    const tooMany = tooManyText(name, limits, store.rows(repeaterId).length, plan.rowCount);
    if (tooMany) {
      setError(tooMany);
      return;
    }
    applyPlan(store, { repeaterId, columns, rows: [], rowsToAdd: plan.rowCount, cells: plan.cells });
    onDone(
      `Added ${plan.rowCount} rows from ${fileName}` +
        (plan.problemCount ? `; ${plan.problemCount} ${plan.problemCount === 1 ? "cell needs" : "cells need"} fixing (marked).` : "."),
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
        Import CSV or XLSX<span className="sr-only"> into {name}</span>
      </Button>
      <Button variant="secondary" size="sm" onClick={() => void onExport("csv")}>
        Export CSV
      </Button>
      <Button variant="secondary" size="sm" onClick={() => void onExport("xlsx")}>
        Export XLSX
      </Button>
      <ConfirmDialog
        isOpen={plan !== null}
        title={`Import ${plan?.rowCount ?? 0} rows into ${name}?`}
        confirmLabel={`Add ${plan?.rowCount ?? 0} rows`}
        error={error}
        onConfirm={onConfirm}
        onCancel={() => setPlan(null)}
      >
        {plan && (
          <div className="space-y-3 text-sm">
            <p>
              From {fileName}: {mapped.length} of {columns.length} fields matched by header name
              {plan.ignoredHeaders.length > 0 && <>; ignored: {plan.ignoredHeaders.join(", ")}</>}. Nothing changes until you add the
              rows; they are saved with your other changes.
            </p>
            <div className="max-h-48 overflow-auto rounded border border-slate-200">
              <table className="w-full text-left text-xs">
                <caption className="sr-only">First rows of the file</caption>
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
                <p className="font-medium text-red-800">
                  {plan.problemCount} {plan.problemCount === 1 ? "cell needs" : "cells need"} fixing after the import:
                </p>
                <ul className="list-disc pl-5 text-red-800">
                  {problems.slice(0, LISTED_PROBLEMS).map((cell) => (
                    <li key={`${cell.row}-${cell.col}`}>
                      Row {cell.row + 1}, {columnTitleAt(columns, cell.col)}: {cell.problem}
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
