import { z } from "zod";
import type { Actor } from "~/domain/actor";
import type { THistoryEntry, THistoryQuery } from "~/domain/history";
import { getConfig } from "~/server/config";
import { inTransaction } from "~/server/db/transaction";
import { assertMemberOf } from "~/server/services/access";
import { assertOwnerVisible } from "~/server/services/history/internal/owner-visible";
import { readHistoryPage } from "~/server/services/history/internal/history-sql";
import { pageSize } from "~/server/services/internal/page-cursor";
import { decodeCursor, encodeCursor } from "~/domain/page-cursor";
import type { PassportDataOwner } from "~/server/services/internal/passport-data-owner";

export type ListHistoryOptions = { actor: Actor; organizationId: string; owner: PassportDataOwner; query: THistoryQuery };
export type HistoryPage = { items: THistoryEntry[]; nextCursor: string | null };

/** A history page's position: the id of its last entry (ids order an owner's changes). */
const ZHistoryPosition = z.object({ before: z.string().regex(/^[1-9][0-9]{0,17}$/) });

/**
 * The history of a model's own passport data or of one item's, newest first, by cursor like the other lists: each
 * write that changed something, who made it, through what, when, and the values it changed from what to what.
 */
export async function listHistory({ actor, organizationId, owner, query }: ListHistoryOptions): Promise<HistoryPage> {
  assertMemberOf(actor, organizationId);
  const limit = pageSize(query.limit, getConfig());
  const beforeId = query.cursor === undefined ? undefined : decodeCursor(query.cursor, ZHistoryPosition).before;
  return inTransaction(async (tx) => {
    await assertOwnerVisible(tx, organizationId, owner);
    const { entries, hasMore } = await readHistoryPage(tx, owner, { beforeId, limit });
    const last = entries.at(-1);
    return { items: entries, nextCursor: hasMore && last ? encodeCursor({ before: last.id }) : null };
  });
}
