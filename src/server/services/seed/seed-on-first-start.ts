import { getDb } from "~/server/db/client";
import { DEMO_SEED, seedDemoData, type SeedDemoDataOptions, type SeedResult } from "~/server/services/seed/seed-demo-data";

/**
 * What `npm start` seeds: the demo, on a database that has never been used (no user yet), and the rest of it on a
 * database whose seed was interrupted. A database that has users but no seed record (created by the CLI before the
 * first start, or by an older version) is left alone, as is a completed seed. Null when nothing was to be done.
 */
export async function seedOnFirstStart(options: SeedDemoDataOptions = {}): Promise<SeedResult | null> {
  const db = getDb();
  const state = await db.seedState.findUnique({ where: { name: DEMO_SEED }, select: { completedAt: true } });
  if (state?.completedAt) return null;
  if (!state && (await db.user.count()) > 0) return null;
  return seedDemoData(options);
}
