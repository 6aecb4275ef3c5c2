"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type ChangeEvent } from "react";
import { Alert } from "~/components/ui/alert";
import type { AasImportProblem } from "~/domain/aas/aas-import-problems";

export type AasUploadInput = { kind: "json"; environment: unknown } | { kind: "aasx"; base64: string };
export type AasImportOutcome = { submodels: number; problems: AasImportProblem[]; moreProblems: number };

export type AasImportPanelProps = {
  /** Sends the upload; answers what was imported, or undefined when the builder shows the refusal. */
  onImport: (upload: AasUploadInput) => Promise<AasImportOutcome | undefined>;
  isBusy: boolean;
};

/**
 * "Add AAS submodel template": an AAS environment (JSON) or an AASX package becomes top-level sections of the draft
 * (docs/aas-import.md); what the import found and did is listed below the button afterwards.
 */
export function AasImportPanel({ onImport, isBusy }: AasImportPanelProps) {
  const t = useTranslations("builder");
  const inputId = useId();
  const [outcome, setOutcome] = useState<AasImportOutcome | undefined>();
  const [readError, setReadError] = useState<string | undefined>();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setOutcome(undefined);
    setReadError(undefined);
    const upload = await readUpload(file).catch((error: unknown) => {
      setReadError(t("aasUnreadable", { file: file.name, message: (error as Error).message }));
      return undefined;
    });
    if (upload) setOutcome(await onImport(upload));
  };

  return (
    <section aria-labelledby={`${inputId}-heading`} className="space-y-2 border-t border-slate-200 pt-4">
      <h3 id={`${inputId}-heading`} className="text-sm font-semibold">
        {t("aasHeading")}
      </h3>
      <p className="text-xs text-slate-600">{t("aasText")}</p>
      <label htmlFor={inputId} className="sr-only">
        {t("aasFile")}
      </label>
      <input
        id={inputId}
        type="file"
        accept=".json,.aasx,application/json,application/asset-administration-shell-package"
        disabled={isBusy}
        onChange={(event) => void onFile(event)}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm"
      />
      {readError ? <Alert tone="error">{readError}</Alert> : null}
      {outcome ? <AasProblems outcome={outcome} /> : null}
    </section>
  );
}

function AasProblems({ outcome }: { outcome: AasImportOutcome }) {
  const t = useTranslations("builder");
  const { submodels, problems, moreProblems } = outcome;
  const total = problems.length + moreProblems;
  return (
    <Alert tone="success" aria-label={t("aasResult")}>
      <p>
        {t("aasAdded", { count: submodels })} {total === 0 ? t("aasNoProblems") : t("aasNotes", { count: total })}
      </p>
      {problems.length > 0 ? (
        <div
          role="region"
          // A scrolling region must be reachable by keyboard to be read (WCAG 2.1.1; axe: scrollable-region-focusable),
          // so it is a named region in the Tab order.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          aria-label={t("aasNotesList")}
          className="mt-2 max-h-64 overflow-y-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <ul className="list-none space-y-1 text-xs">
            {problems.map((problem, i) => (
              <li key={i}>
                <span className="font-semibold">{t("aasAction", { action: problem.action })}</span>{" "}
                <code className="break-all">{problem.path}</code> {t(`aasNote.${problem.code}`, problem.params)}
              </li>
            ))}
            {moreProblems > 0 ? <li>{t("aasMore", { count: moreProblems })}</li> : null}
          </ul>
        </div>
      ) : null}
    </Alert>
  );
}

async function readUpload(file: File): Promise<AasUploadInput> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  // A zip (AASX) starts with "PK"; anything else is read as JSON text.
  if (/\.aasx$/i.test(file.name) || (bytes[0] === 0x50 && bytes[1] === 0x4b)) return { kind: "aasx", base64: toBase64(bytes) };
  return { kind: "json", environment: JSON.parse(new TextDecoder().decode(bytes)) as unknown };
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}
