"use client";

import { useTranslations } from "next-intl";
import { Link } from "~/components/ui/link";
import { useState } from "react";
import { itemLabel } from "~/components/items/item-label";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { LoadMoreButton } from "~/components/ui/load-more-button";
import { LocalTime } from "~/components/ui/local-time";
import type { TItemSummary } from "~/domain/item-schema";
import { trpcErrorInfo } from "~/lib/trpc-error-info";
import { trpc } from "~/lib/trpc/react";
import { useLoadMore } from "~/lib/use-load-more";

export type ItemListProps = {
  organizationId: string;
  modelId: string;
  identifier: string;
  firstPage: { items: TItemSummary[]; nextCursor: string | null };
  /** Whether the member may delete items (the page asks `mayDo`). */
  mayDelete: boolean;
  /** Where an item's page lives, its id appended: the member's by default; a partner's under their shared models. */
  itemsHref?: string;
};

/**
 * The model's items, newest first: the first page comes from the server, "Load more" appends the next by cursor
 * (focus moves to the first added item). Deleting asks first, then removes the item from the list.
 */
export function ItemList({ organizationId, modelId, identifier, firstPage, mayDelete, itemsHref }: ItemListProps) {
  const t = useTranslations("items");
  const client = trpc.useUtils().client;
  const { items, setItems, hasMore, isLoading, error, loadMore, listRef } = useLoadMore(firstPage, (cursor) =>
    client.items.list.query({ organizationId, modelId, query: { identifier: identifier || undefined, cursor } }),
  );
  const [toDelete, setToDelete] = useState<TItemSummary | null>(null);
  const [deleteError, setDeleteError] = useState<string | undefined>();
  const [isDeleting, setIsDeleting] = useState(false);
  const base = itemsHref ?? `/orgs/${organizationId}/models/${modelId}/items`;

  const confirmDelete = async () => {
    if (!toDelete) return;
    setIsDeleting(true);
    setDeleteError(undefined);
    try {
      await client.items.delete.mutate({ organizationId, modelId, itemId: toDelete.id });
      setItems((previous) => previous.filter((item) => item.id !== toDelete.id));
      setToDelete(null);
    } catch (caught) {
      setDeleteError(trpcErrorInfo(caught).message);
    } finally {
      setIsDeleting(false);
    }
  };

  return (
    <>
      <ul ref={listRef} aria-label={t("listLabel")} className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {items.map((item) => (
          <li key={item.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
            <Link
              href={`${base}/${item.id}`}
              className="min-w-0 flex-1 truncate font-mono text-sm font-medium text-slate-900 hover:text-brand-700 hover:underline"
            >
              {itemLabel(item)}
            </Link>
            <span className="text-sm text-slate-600">{t.rich("created", { time: () => <LocalTime value={item.createdAt} /> })}</span>
            {mayDelete ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setToDelete(item)}
                aria-label={t("deleteItem", { label: itemLabel(item) })}
              >
                {t("delete")}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <LoadMoreButton hasMore={hasMore} isLoading={isLoading} error={error} onLoadMore={loadMore} />
      <ConfirmDialog
        isOpen={toDelete !== null}
        title={t("deleteTitle")}
        confirmLabel={t("deleteConfirm")}
        isPending={isDeleting}
        error={deleteError}
        onConfirm={confirmDelete}
        onCancel={() => {
          setToDelete(null);
          setDeleteError(undefined);
        }}
      >
        {t.rich("deleteText", {
          label: toDelete ? itemLabel(toDelete) : "",
          id: (chunks) => <span className="font-mono">{chunks}</span>,
        })}
      </ConfirmDialog>
    </>
  );
}
