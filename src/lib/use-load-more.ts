"use client";

import { useEffect, useRef, useState } from "react";
import { trpcErrorInfo } from "~/lib/trpc-error-info";

export type Page<T> = { items: T[]; nextCursor: string | null };

/**
 * A list paged by cursor whose first page the server rendered: `loadMore` fetches the next page and appends it,
 * then moves focus to the first link it added, so keyboard users continue where the new entries begin (after the
 * page has rendered, not before: a list may only appear with its first extra page).
 */
export function useLoadMore<T>(firstPage: Page<T>, fetchPage: (cursor: string) => Promise<Page<T>>) {
  const [items, setItems] = useState(firstPage.items);
  const [cursor, setCursor] = useState(firstPage.nextCursor);
  const [isLoading, setIsLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusIndexRef = useRef<number | null>(null);

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
      const page = await fetchPage(cursor);
      focusIndexRef.current = page.items.length > 0 ? items.length : null;
      setItems((previous) => [...previous, ...page.items]);
      setCursor(page.nextCursor);
    } catch (caught) {
      setError(trpcErrorInfo(caught).message);
    } finally {
      setIsLoading(false);
    }
  };

  return { items, setItems, hasMore: cursor !== null, isLoading, error, loadMore, listRef };
}
