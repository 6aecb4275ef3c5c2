"use client";

import { useCallback, useState } from "react";
import type { TItemImportReport } from "~/domain/spreadsheet/item-import-schema";
import type { TMappingOverrides } from "~/domain/spreadsheet/sheet-mapping";
import { FILE_TYPES } from "~/domain/spreadsheet/file-types";

/** What the import panel sends: a chosen file, or text pasted from a spreadsheet. */
export type ImportSource = { kind: "file"; file: File } | { kind: "text"; text: string };

type ErrorBody = { message?: string; issues?: { path: string; message: string }[]; moreIssues?: number };
export type ImportState =
  | { step: "idle" }
  | { step: "checking" | "importing"; report?: TItemImportReport }
  | { step: "checked"; report: TItemImportReport }
  | { step: "done"; report: TItemImportReport }
  | { step: "failed"; message: string; report?: TItemImportReport };

/** The media type the import route reads for a file (by its name) or for pasted text (tabs mean TSV). */
export function sourceType(source: ImportSource): string {
  if (source.kind === "text") return source.text.includes("\t") ? FILE_TYPES.tsv : FILE_TYPES.csv;
  const name = source.file.name.toLowerCase();
  if (name.endsWith(".xlsx")) return FILE_TYPES.xlsx;
  if (name.endsWith(".zip")) return FILE_TYPES.zip;
  return name.endsWith(".tsv") || name.endsWith(".txt") ? FILE_TYPES.tsv : FILE_TYPES.csv;
}

const storageKey = (modelId: string) => `items-import-mapping:${modelId}`;

/** The column mapping the user last adjusted for this model, kept in localStorage (docs/spreadsheets.md, Mapping). */
export function readStoredMapping(modelId: string): TMappingOverrides {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(storageKey(modelId)) ?? "{}");
    return typeof parsed === "object" && parsed !== null ? (parsed as TMappingOverrides) : {};
  } catch {
    return {};
  }
}

export function storeMapping(modelId: string, mapping: TMappingOverrides): void {
  window.localStorage.setItem(storageKey(modelId), JSON.stringify(mapping));
}

/**
 * Sends a file to the import route (the REST route itself, authorised by the session cookie like the exports'
 * links): a dry run first, then the import. The state says which step is running and holds the last report.
 */
export function useItemsImport(organizationId: string, modelId: string) {
  const [state, setState] = useState<ImportState>({ step: "idle" });
  const send = useCallback(
    async (source: ImportSource, isDryRun: boolean, mapping: TMappingOverrides) => {
      setState((previous) => ({
        step: isDryRun ? "checking" : "importing",
        report: "report" in previous ? previous.report : undefined,
      }));
      const query = new URLSearchParams({ dryRun: String(isDryRun), mapping: JSON.stringify(mapping) });
      const response = await fetch(`/api/organizations/${organizationId}/models/${modelId}/items/import?${query}`, {
        method: "POST",
        headers: { "content-type": sourceType(source) },
        body: source.kind === "file" ? source.file : source.text,
      });
      const body = (await response.json()) as TItemImportReport & ErrorBody;
      if (response.ok) setState({ step: isDryRun ? "checked" : "done", report: body });
      else
        setState((previous) => ({
          step: "failed",
          message: body.message ?? `The import failed (${response.status}).`,
          report: "report" in previous ? previous.report : undefined,
        }));
    },
    [organizationId, modelId],
  );
  return { state, send, reset: () => setState({ step: "idle" }) };
}
