"use client";

import { useTranslations } from "next-intl";
import { ModelListItem } from "~/components/models/model-list-item";
import { LoadMoreButton } from "~/components/ui/load-more-button";
import type { TModelListEntry } from "~/domain/model-schema";
import { trpc } from "~/lib/trpc/react";
import { useLoadMore } from "~/lib/use-load-more";

export type LoadMoreModelsProps = {
  organizationId: string;
  search: string;
  cursor: string;
  templateNames: Record<string, string>;
};

/**
 * The pages after the first, which the server rendered: "Load more" fetches the next page by cursor and appends
 * it (focus moves to the first model it added).
 */
export function LoadMoreModels({ organizationId, search, cursor, templateNames }: LoadMoreModelsProps) {
  const t = useTranslations("models");
  const client = trpc.useUtils().client;
  const { items, hasMore, isLoading, error, loadMore, listRef } = useLoadMore<TModelListEntry>(
    { items: [], nextCursor: cursor },
    (next) => client.models.list.query({ organizationId, query: { search: search || undefined, cursor: next } }),
  );

  return (
    <>
      {items.length > 0 ? (
        <ul
          ref={listRef}
          aria-label={t("moreLabel")}
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
        >
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
      <LoadMoreButton hasMore={hasMore} isLoading={isLoading} error={error} onLoadMore={loadMore} />
      {!hasMore && items.length > 0 ? <p className="text-center text-sm text-slate-600">{t("allLoaded")}</p> : null}
    </>
  );
}
