import type { Actor } from "~/domain/actor";
import type { THistoryEntry, THistoryQuery } from "~/domain/history";
import { getConfig } from "~/server/config";
import { inTransaction } from "~/server/db/transaction";
import { assertMemberOf } from "~/server/services/access";
import { assertOwnerVisible } from "~/server/services/history/internal/owner-visible";
import { decodeHistoryCursor, encodeHistoryCursor, readHistoryPage } from "~/server/services/history/internal/history-sql";
import type { PassportDataOwner } from "~/server/services/internal/passport-data-owner";

export type ListHistoryOptions = { actor: Actor; organizationId: string; owner: PassportDataOwner; query: THistoryQuery };
export type HistoryPage = { items: THistoryEntry[]; nextCursor: string | null };

/**
 * The history of a model's own passport data or of one item's, newest first, by cursor like the other lists: each
 * write that changed something, who made it, through what, when, and the values it changed from what to what.
 */
export async function listHistory({ actor, organizationId, owner, query }: ListHistoryOptions): Promise<HistoryPage> {
  assertMemberOf(actor, organizationId);
  const config = getConfig();
  const limit = Math.min(query.limit ?? config.DEFAULT_PAGE_SIZE, config.MAX_PAGE_SIZE);
  const beforeId = query.cursor === undefined ? undefined : decodeHistoryCursor(query.cursor);
  return inTransaction(async (tx) => {
    await assertOwnerVisible(tx, organizationId, owner);
    const { entries, hasMore } = await readHistoryPage(tx, owner, { beforeId, limit });
    const last = entries.at(-1);
    return { items: entries, nextCursor: hasMore && last ? encodeHistoryCursor(last.id) : null };
  });
}
