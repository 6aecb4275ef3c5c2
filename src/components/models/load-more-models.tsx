"use client";

import { useEffect, useRef, useState } from "react";
import { ModelListItem } from "~/components/models/model-list-item";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import type { TModelSummary } from "~/domain/model-schema";
import { trpcErrorInfo } from "~/lib/trpc-error-info";
import { trpc } from "~/lib/trpc/react";

export type LoadMoreModelsProps = {
  organizationId: string;
  search: string;
  cursor: string;
  templateNames: Record<string, string>;
};

/**
 * The pages after the first, which the server rendered: "Load more" fetches the next page by cursor and appends
 * it, then moves focus to the first model it added so keyboard users continue where the new items begin.
 */
export function LoadMoreModels({ organizationId, search, cursor: firstCursor, templateNames }: LoadMoreModelsProps) {
  const client = trpc.useUtils().client;
  const [items, setItems] = useState<TModelSummary[]>([]);
  const [cursor, setCursor] = useState<string | null>(firstCursor);
  const [isLoading, setIsLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusIndexRef = useRef<number | null>(null);

  // After the new page has rendered, not before: the list itself appears only with the first extra page.
  useEffect(() => {
    const index = focusIndexRef.current;
    if (index === null) return;
    focusIndexRef.current = null;
    listRef.current?.querySelectorAll("a")[index]?.focus();
  }, [items]);

  const loadMore = async () => {
    if (!cursor) return;
    setIsLoading(true);
    setError(null);
    try {
      const page = await client.models.list.query({ organizationId, query: { search: search || undefined, cursor } });
      focusIndexRef.current = page.items.length > 0 ? items.length : null;
      setItems((previous) => [...previous, ...page.items]);
      setCursor(page.nextCursor);
    } catch (caught) {
      setError(trpcErrorInfo(caught).message);
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <>
      {items.length > 0 ? (
        <ul ref={listRef} aria-label="More models" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {items.map((model) => (
            <ModelListItem
              key={model.id}
              organizationId={organizationId}
              model={model}
              templateName={templateNames[model.templateId]}
            />
          ))}
        </ul>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {cursor ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={loadMore} disabled={isLoading}>
            {isLoading ? "Loading…" : "Load more"}
          </Button>
        </div>
      ) : items.length > 0 ? (
        <p className="text-center text-sm text-slate-600">That is all of them.</p>
      ) : null}
    </>
  );
}
