"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { HistoryEntry } from "~/components/history/history-entry";
import { fieldLabels } from "~/components/history/history-labels";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { THistoryEntry } from "~/domain/history";
import type { TTemplate } from "~/domain/template-schema";
import { trpcErrorInfo } from "~/lib/trpc-error-info";
import { trpc } from "~/lib/trpc/react";

export type HistoryPanelProps = {
  organizationId: string;
  modelId: string;
  /** Set on an item's page: the item's history instead of the model's own. */
  itemId?: string;
  sections: TTemplate["sections"];
};

/**
 * Who changed what, newest first: a disclosure that loads the history when opened (and again each time, so it shows
 * the writes since), with "Load more" for older entries. Field names come from the template.
 */
export function HistoryPanel({ organizationId, modelId, itemId, sections }: HistoryPanelProps) {
  const t = useTranslations("history");
  const client = trpc.useUtils().client;
  const [entries, setEntries] = useState<THistoryEntry[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [labels] = useState(() => fieldLabels(sections, t));

  const load = async (after?: string) => {
    setIsLoading(true);
    setError(null);
    try {
      const target = { organizationId, modelId, query: { cursor: after } };
      const page = itemId ? await client.history.item.query({ ...target, itemId }) : await client.history.model.query(target);
      setEntries((previous) => (after && previous ? [...previous, ...page.items] : page.items));
      setCursor(page.nextCursor);
    } catch (caught) {
      setError(trpcErrorInfo(caught).message);
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <Card>
      <details
        className="group"
        onToggle={(event) => {
          if (event.currentTarget.open) void load();
        }}
      >
        <summary className="cursor-pointer rounded-lg px-4 py-3 text-base font-semibold text-slate-900 hover:bg-slate-50 sm:px-6">
          <h2 className="inline">{t("title")}</h2>
          <span className="ml-2 text-sm font-normal text-slate-600">{t("subtitle")}</span>
        </summary>
        <div className="border-t border-slate-200 px-4 pb-4 sm:px-6" aria-live="polite" aria-busy={isLoading}>
          {error ? (
            <Alert tone="error" className="mt-3">
              {error}
            </Alert>
          ) : null}
          {entries === null ? (
            <p className="py-3 text-sm text-slate-600">{t("loading")}</p>
          ) : entries.length === 0 ? (
            <p className="py-3 text-sm text-slate-600">{t("none")}</p>
          ) : (
            <ol aria-label={t("listLabel")} className="divide-y divide-slate-200">
              {entries.map((entry) => (
                <HistoryEntry key={entry.id} entry={entry} labels={labels} />
              ))}
            </ol>
          )}
          {cursor ? (
            <div className="flex justify-center pt-2">
              <Button variant="secondary" onClick={() => void load(cursor)} disabled={isLoading}>
                {isLoading ? t("loading") : t("loadMore")}
              </Button>
            </div>
          ) : null}
        </div>
      </details>
    </Card>
  );
}
