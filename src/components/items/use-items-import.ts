"use client";

import { useCallback, useState } from "react";
import type { TItemImportOutcome, TItemImportProgress, TItemImportReport } from "~/domain/spreadsheet/item-import-schema";
import type { TMappingOverrides } from "~/domain/spreadsheet/sheet-mapping";
import { FILE_TYPES } from "~/domain/spreadsheet/file-types";

/** What the import panel sends: a chosen file, or text pasted from a spreadsheet. */
export type ImportSource = { kind: "file"; file: File } | { kind: "text"; text: string };

type ErrorBody = { message?: string; issues?: { path: string; message: string }[]; moreIssues?: number };
export type ImportState =
  | { step: "idle" }
  | { step: "checking"; report?: TItemImportReport }
  /** `progress`: the server's last streamed line (undefined until the first arrives). */
  | { step: "importing"; report?: TItemImportReport; progress?: ImportProgress }
  | { step: "checked"; report: TItemImportReport }
  | { step: "done"; report: TItemImportReport }
  /** `message`: the server's own (shown as sent); without it the panel words the failure from `status`/`isCutShort`. */
  | { step: "failed"; message?: string; status: number; isCutShort?: boolean; report?: TItemImportReport };

/** The media type the import route reads for a file (by its name) or for pasted text (tabs mean TSV). */
export function sourceType(source: ImportSource): string {
  if (source.kind === "text") return source.text.includes("\t") ? FILE_TYPES.tsv : FILE_TYPES.csv;
  const name = source.file.name.toLowerCase();
  if (name.endsWith(".xlsx")) return FILE_TYPES.xlsx;
  if (name.endsWith(".zip")) return FILE_TYPES.zip;
  return name.endsWith(".tsv") || name.endsWith(".txt") ? FILE_TYPES.tsv : FILE_TYPES.csv;
}

export type ImportProgress = Omit<TItemImportProgress, "type">;

/**
 * Reads the import's NDJSON answer line by line (docs/spreadsheets.md, Progress): each progress line is shown as it
 * arrives; the last line is the outcome, the status and body of the plain answer.
 */
async function readStreamedImport(response: Response, onProgress: (progress: ImportProgress) => void) {
  let outcome: TItemImportOutcome | undefined;
  // eslint-disable-next-line no-restricted-syntax -- the browser reading a streamed answer, not a server reading a request
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  let pending = "";
  for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
    const lines = (pending + part.value).split("\n");
    pending = lines.pop() ?? "";
    for (const text of lines.filter(Boolean)) {
      const line = JSON.parse(text) as TItemImportProgress | TItemImportOutcome;
      if (line.type === "progress") onProgress({ phase: line.phase, done: line.done, total: line.total });
      else outcome = line;
    }
  }
  return outcome ?? { type: "outcome" as const, status: 500, body: {}, isCutShort: true };
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
        // The real import streams its progress (NDJSON); a dry run answers at once.
        headers: { "content-type": sourceType(source), ...(isDryRun ? {} : { accept: "application/x-ndjson" }) },
        body: source.kind === "file" ? source.file : source.text,
      });
      const isStreamed = response.ok && (response.headers.get("content-type") ?? "").startsWith("application/x-ndjson");
      const outcome = isStreamed
        ? await readStreamedImport(response, (progress) =>
            setState((previous) => ({ step: "importing", report: "report" in previous ? previous.report : undefined, progress })),
          )
        : { status: response.status, body: (await response.json()) as unknown };
      const body = outcome.body as TItemImportReport & ErrorBody;
      if (outcome.status < 300) setState({ step: isDryRun ? "checked" : "done", report: body });
      else
        setState((previous) => ({
          step: "failed",
          message: body.message,
          status: outcome.status,
          isCutShort: "isCutShort" in outcome && outcome.isCutShort === true,
          report: "report" in previous ? previous.report : undefined,
        }));
    },
    [organizationId, modelId],
  );
  return { state, send, reset: () => setState({ step: "idle" }) };
}
