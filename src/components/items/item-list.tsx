"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { itemLabel } from "~/components/items/item-label";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { LocalTime } from "~/components/ui/local-time";
import type { TItemSummary } from "~/domain/item-schema";
import { trpcErrorInfo } from "~/lib/trpc-error-info";
import { trpc } from "~/lib/trpc/react";

export type ItemListProps = {
  organizationId: string;
  modelId: string;
  identifier: string;
  firstPage: { items: TItemSummary[]; nextCursor: string | null };
};

/**
 * The model's items, newest first: the first page comes from the server, "Load more" appends the next by cursor
 * (focus moves to the first added item). Deleting asks first, then removes the item from the list.
 */
export function ItemList({ organizationId, modelId, identifier, firstPage }: ItemListProps) {
  const client = trpc.useUtils().client;
  const [items, setItems] = useState(firstPage.items);
  const [cursor, setCursor] = useState(firstPage.nextCursor);
  const [isLoading, setIsLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<TItemSummary | null>(null);
  const [deleteError, setDeleteError] = useState<string | undefined>();
  const [isDeleting, setIsDeleting] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const focusIndexRef = useRef<number | null>(null);
  const base = `/orgs/${organizationId}/models/${modelId}/items`;

  useEffect(() => {
    const index = focusIndexRef.current;
    if (index === null) return;
    focusIndexRef.current = null;
    listRef.current?.querySelectorAll<HTMLAnchorElement>("a")[index]?.focus();
  }, [items]);

  const loadMore = async () => {
    if (!cursor) return;
    setIsLoading(true);
    setError(null);
    try {
      const page = await client.items.list.query({ organizationId, modelId, query: { identifier: identifier || undefined, cursor } });
      focusIndexRef.current = page.items.length > 0 ? items.length : null;
      setItems((previous) => [...previous, ...page.items]);
      setCursor(page.nextCursor);
    } catch (caught) {
      setError(trpcErrorInfo(caught).message);
    } finally {
      setIsLoading(false);
    }
  };

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
      <ul ref={listRef} aria-label="Items" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {items.map((item) => (
          <li key={item.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
            <Link
              href={`${base}/${item.id}`}
              className="min-w-0 flex-1 truncate font-mono text-sm font-medium text-slate-900 hover:text-brand-700 hover:underline"
            >
              {itemLabel(item)}
            </Link>
            <span className="text-sm text-slate-600">
              Created <LocalTime value={item.createdAt} />
            </span>
            <Button variant="ghost" size="sm" onClick={() => setToDelete(item)} aria-label={`Delete item ${itemLabel(item)}`}>
              Delete
            </Button>
          </li>
        ))}
      </ul>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {cursor ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={loadMore} disabled={isLoading}>
            {isLoading ? "Loading…" : "Load more"}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={toDelete !== null}
        title="Delete this item?"
        confirmLabel="Delete item"
        isPending={isDeleting}
        error={deleteError}
        onConfirm={confirmDelete}
        onCancel={() => {
          setToDelete(null);
          setDeleteError(undefined);
        }}
      >
        Item <span className="font-mono">{toDelete ? itemLabel(toDelete) : ""}</span> and its passport data will be deleted. Its
        identifiers are retired and cannot be used again.
      </ConfirmDialog>
    </>
  );
}
