import "server-only";
import pg from "pg";
import { getConfig } from "~/server/config";
import { getDb } from "~/server/db/client";

/**
 * Keeps the caches of several app servers coherent: a change that makes a cached entry wrong is announced with
 * PostgreSQL's NOTIFY on a channel, and every app process LISTENs on one connection of its own and drops the entry.
 * The announcing process drops it at once, before the notification. The embedded PGlite database serves one app
 * process only, and its single backend cannot deliver notifications to one connection among several, so there
 * announcements stay in the process. Caches keep a short lifetime as well, which bounds staleness while a listener
 * reconnects.
 */

/**
 * Key revocations and membership changes (payload: what to forget, see verify-api-key.ts). Cached passports need no
 * channel: each read checks the epochs the database keeps (services/passports/internal/passport-cache.ts).
 */
const CHANNELS = ["passport_api_keys"] as const;
export type ChangeChannel = (typeof CHANNELS)[number];
type Handler = (payload: string) => void;

const RECONNECT_MS = 1_000;

type Feed = { handlers: Map<ChangeChannel, Handler[]>; listener?: Promise<pg.Client | null>; isPostgres?: Promise<boolean> };
// On globalThis, like the Prisma client: one listening connection per process however many copies of this module
// Next's bundles or dev reloads load, and an announcement reaches the caches of every copy.
const globalForFeed = globalThis as unknown as { passportStudioChangeFeed?: Feed };
const feed: Feed = (globalForFeed.passportStudioChangeFeed ??= { handlers: new Map() });

/** Calls `handler` with the payload of every announcement on `channel`, from this process or another. */
export function onChange(channel: ChangeChannel, handler: Handler): void {
  feed.handlers.set(channel, [...(feed.handlers.get(channel) ?? []), handler]);
}

/** Makes sure this process listens (started by the first cache that needs it; a no-op on the embedded database). */
export function listenForChanges(): void {
  feed.listener ??= connectListener();
}

/** Announces a change: handled here at once, and in every other app process as soon as PostgreSQL delivers it. */
export async function announceChange(channel: ChangeChannel, payload: string): Promise<void> {
  deliver(channel, payload);
  if (await isPostgresServer()) await getDb().$executeRaw`SELECT pg_notify(${channel}, ${payload})`;
}

function deliver(channel: string, payload: string): void {
  for (const handler of feed.handlers.get(channel as ChangeChannel) ?? []) handler(payload);
}

function isPostgresServer(): Promise<boolean> {
  feed.isPostgres ??= getDb().$queryRaw<{ version: string }[]>`SELECT version()`
    .then(([row]) => !row?.version.includes("PGlite"))
    .catch((error: unknown) => {
      // Asked again next time: a database that was briefly unreachable must not be taken for one without NOTIFY.
      feed.isPostgres = undefined;
      throw error;
    });
  return feed.isPostgres;
}

async function connectListener(): Promise<pg.Client | null> {
  const url = getConfig().DATABASE_URL;
  if (!url || !(await isPostgresServer().catch(() => false))) return null;
  const client = new pg.Client({ connectionString: url });
  let isClosed = false;
  const reconnect = () => {
    if (isClosed) return;
    isClosed = true;
    void client.end().catch(() => undefined);
    feed.listener = new Promise((resolve) => setTimeout(() => resolve(connectListener()), RECONNECT_MS).unref());
  };
  client.on("notification", (message) => deliver(message.channel, message.payload ?? ""));
  client.on("error", (error) => {
    console.error("[change-feed] listener connection failed, reconnecting:", error.message);
    reconnect();
  });
  client.on("end", reconnect);
  try {
    await client.connect();
    for (const channel of CHANNELS) await client.query(`LISTEN ${channel}`);
    return client;
  } catch (error) {
    console.error("[change-feed] cannot listen, retrying:", (error as Error).message);
    reconnect();
    return null;
  }
}
