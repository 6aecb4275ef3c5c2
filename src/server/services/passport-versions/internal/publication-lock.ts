import type { Tx } from "~/server/db/transaction";

/**
 * The instant of a publication (docs/versions.md §DPP API, the version valid at a date). A version's `publishedAt`
 * is signed into it, so it is taken before the version is stored and the transaction commits; a read of an instant
 * between the two would not find the version, and the same read after the commit would: a past instant's answer
 * would change. So a publication holds its model's lock (exclusive) from the moment it takes `publishedAt` until it
 * commits, and a read at an instant holds the same lock shared: it waits for a publication in flight and then sees
 * it. A read never waits otherwise, and no instant before a publication took its `publishedAt` ever sees it.
 * Transaction-level advisory locks: released at commit or rollback, whatever happens.
 */
function lockKey(modelId: string): string {
  return `passport-publication:${modelId}`;
}

/** Taken by a publication just before its `publishedAt`, in model order so two publications never deadlock. */
export async function lockPublicationInstant(tx: Tx, modelIds: readonly string[]): Promise<void> {
  const keys = [...new Set(modelIds)].sort().map(lockKey);
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM unnest(${keys}::text[]) WITH ORDINALITY AS t(k, i) ORDER BY i`;
}

/** Taken by a read at an instant before it looks the version up: waits for a publication of the model in flight. */
export async function awaitPublicationInFlight(tx: Tx, modelId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(hashtextextended(${lockKey(modelId)}, 0))`;
}
