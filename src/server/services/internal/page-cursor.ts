import { AppError } from "~/domain/app-error";

/**
 * The cursor of a newest-first list: the creation time and id of the last entry of the previous page, so pages stay
 * stable while entries are added. Opaque to clients (base64url).
 */
export type PageCursor = { createdAt: Date; id: string };

export function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString("base64url");
}

export function decodeCursor(cursor: string): PageCursor {
  const [time, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(time ?? "");
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new AppError("BAD_REQUEST", "The cursor is not one this API returned.");
  }
  return { createdAt, id };
}

/** Entries strictly after the cursor in (createdAt desc, id desc) order, as a Prisma `where` fragment. */
export function afterCursor(after: PageCursor | undefined) {
  return after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {};
}
