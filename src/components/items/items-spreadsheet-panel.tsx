"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ImportReportView } from "~/components/items/import-report-view";
import {
  type ImportProgress,
  type ImportSource,
  readStoredMapping,
  storeMapping,
  useItemsImport,
} from "~/components/items/use-items-import";
import type { TItemImportReport } from "~/domain/spreadsheet/item-import-schema";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardBody } from "~/components/ui/card";
import { Textarea } from "~/components/ui/textarea";
import type { TMappingOverrides } from "~/domain/spreadsheet/sheet-mapping";

export type ItemsSpreadsheetPanelProps = {
  organizationId: string;
  modelId: string;
  /** Whether the member may import (the page asks `mayDo`); otherwise the panel offers the export only. */
  mayImport: boolean;
};

/**
 * "Import items" and "Export items (CSV/XLSX)" on a model's item list (docs/spreadsheets.md): choose a file or paste
 * rows, check it (a dry run: counts, the column mapping — adjustable and remembered per model — and every problem),
 * then import it all or nothing, with a progress bar while the server writes and a summary after.
 */
export function ItemsSpreadsheetPanel({ organizationId, modelId, mayImport }: ItemsSpreadsheetPanelProps) {
  const t = useTranslations("itemsImport");
  const router = useRouter();
  const { state, send } = useItemsImport(organizationId, modelId);
  const [source, setSource] = useState<ImportSource | null>(null);
  const [pasted, setPasted] = useState("");
  // The mapping remembered for this model is read when first needed (an event, so in the browser).
  const [mapping, setMapping] = useState<TMappingOverrides | null>(null);
  const currentMapping = () => mapping ?? readStoredMapping(modelId);
  useEffect(() => {
    if (state.step === "done") router.refresh();
  }, [state.step, router]);

  const check = (next: ImportSource | null, nextMapping = currentMapping()) => {
    setSource(next);
    if (next) void send(next, true, nextMapping);
  };
  const remap = ({ sheet, column, key }: { sheet: string; column: number; key: string | null }) => {
    const base = currentMapping();
    const next = { ...base, [sheet]: { ...base[sheet], [String(column)]: key } };
    setMapping(next);
    storeMapping(modelId, next);
    check(source, next);
  };
  const exportPath = `/api/organizations/${organizationId}/models/${modelId}/items/export`;
  const report = "report" in state ? state.report : undefined;
  const isBusy = state.step === "checking" || state.step === "importing";
  const hasProblems = report !== undefined && report.problems.length + report.moreProblems > 0;

  return (
    <Card aria-labelledby="items-spreadsheet-heading">
      <CardBody className="space-y-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="items-spreadsheet-heading" className="text-base font-semibold text-slate-900">
            {t("heading")}
          </h2>
          <div className="flex flex-wrap gap-2">
            <a href={`${exportPath}?format=xlsx`} download className={buttonClasses({ variant: "secondary", size: "sm" })}>
              {t("exportXlsx")}
            </a>
            <a href={`${exportPath}?format=csv`} download className={buttonClasses({ variant: "secondary", size: "sm" })}>
              {t("exportCsv")}
            </a>
          </div>
        </div>
        {mayImport ? (
          <>
            <p className="text-sm text-slate-600">{t("intro")}</p>
            <label className="block text-sm font-medium text-slate-800">
              {t("file")}
              <input
                type="file"
                accept=".xlsx,.csv,.tsv,.txt,.zip"
                className="mt-1 block text-sm"
                onChange={(event) => check(event.target.files?.[0] ? { kind: "file", file: event.target.files[0] } : null)}
              />
            </label>
            <details>
              <summary className="cursor-pointer text-sm">{t("paste")}</summary>
              <Textarea
                aria-label={t("pasted")}
                rows={4}
                value={pasted}
                onChange={(event) => setPasted(event.target.value)}
                className="mt-2"
              />
              <Button
                className="mt-2"
                size="sm"
                variant="secondary"
                disabled={pasted.trim() === "" || isBusy}
                onClick={() => check({ kind: "text", text: pasted })}
              >
                {t("checkPasted")}
              </Button>
            </details>
            {state.step === "checking" ? <p className="text-sm text-slate-600">{t("checking")}</p> : null}
            {state.step === "importing" ? (
              <div className="space-y-1">
                <label className="text-sm text-slate-700" htmlFor="import-progress">
                  <ImportingText progress={state.progress} report={report} />
                </label>
                {/* Indeterminate until the server's first line; then the items written of all (streamed, NDJSON). */}
                <progress
                  id="import-progress"
                  className="block w-full"
                  max={state.progress?.total || undefined}
                  value={state.progress?.total ? state.progress.done : undefined}
                />
              </div>
            ) : null}
            {state.step === "failed" ? (
              <Alert tone="error">
                {state.message ?? (state.isCutShort ? t("endedEarly") : t("failed", { status: state.status }))}
              </Alert>
            ) : null}
            {state.step === "done" ? (
              <Alert tone="success">{t("imported", { created: state.report.create, updated: state.report.update })}</Alert>
            ) : null}
            {report && state.step !== "done" ? <ImportReportView report={report} onMappingChange={remap} /> : null}
            {state.step === "checked" && source ? (
              <Button disabled={hasProblems || isBusy} onClick={() => void send(source, false, currentMapping())}>
                {t("import", { count: report ? report.create + report.update : 0 })}
              </Button>
            ) : null}
          </>
        ) : null}
      </CardBody>
    </Card>
  );
}

/** The line above the progress bar: what the server reported last. */
function ImportingText({ progress, report }: { progress: ImportProgress | undefined; report: TItemImportReport | undefined }) {
  const t = useTranslations("itemsImport");
  if (!progress) return t("importing", { count: report ? report.create + report.update : 0 });
  if (progress.phase === "checking") return t("checkedWriting", { total: progress.total });
  return t("written", { done: progress.done, total: progress.total });
}
