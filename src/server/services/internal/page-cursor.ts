import { z } from "zod";
import { decodeCursor as decodePosition, encodeCursor as encodePosition } from "~/domain/page-cursor";

/**
 * The position of a newest-first list: the creation time and id of the last entry of the previous page, so pages stay
 * stable while entries are added. Carried in the one cursor codec (src/domain/page-cursor.ts).
 */
export type PageCursor = { createdAt: Date; id: string };

const ZPagePosition = z.object({ t: z.iso.datetime(), id: z.uuid() });

export function encodeCursor(createdAt: Date, id: string): string {
  return encodePosition({ t: createdAt.toISOString(), id });
}

export function decodeCursor(cursor: string): PageCursor {
  const { t, id } = decodePosition(cursor, ZPagePosition);
  return { createdAt: new Date(t), id };
}

/** Entries strictly after the cursor in (createdAt desc, id desc) order, as a Prisma `where` fragment. */
export function afterCursor(after: PageCursor | undefined) {
  return after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {};
}

/** A list's page size: the one asked for, else the configured default, never above the configured maximum. */
export function pageSize(asked: number | undefined, config: { DEFAULT_PAGE_SIZE: number; MAX_PAGE_SIZE: number }): number {
  return Math.min(asked ?? config.DEFAULT_PAGE_SIZE, config.MAX_PAGE_SIZE);
}
