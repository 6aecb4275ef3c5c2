import { getDb } from "~/server/db/client";
import { DEMO_SEED, seedDemoDataIfNeeded, type SeedDemoDataOptions, type SeedResult } from "~/server/services/seed/seed-demo-data";

/**
 * What `npm start` seeds: the demo, on a database that has never been used (no user yet), and the rest of it on a
 * database whose seed was interrupted. A database that has users but no seed record (created by the CLI before the
 * first start, or by an older version) is left alone, as is a completed seed. Null when nothing was to be done.
 * Decided and done under the setup lock, so app servers starting together seed once.
 */
export async function seedOnFirstStart(options: SeedDemoDataOptions = {}): Promise<SeedResult | null> {
  return seedDemoDataIfNeeded(async () => {
    const db = getDb();
    const state = await db.seedState.findUnique({ where: { name: DEMO_SEED }, select: { completedAt: true } });
    if (state?.completedAt) return false;
    return state !== null || (await db.user.count()) === 0;
  }, options);
}
