import { getConfig } from "~/server/config";

/**
 * HTTP caching of anonymous passport reads (docs/api.md §Passports, Caching): read volume is carried by caches in
 * front of the app — a browser, the shipped nginx micro-cache (deploy/nginx/), a CDN — the way the web does it.
 *
 * An anonymous passport (JSON, page, QR code) may be kept by any cache for SHARED_MAX_AGE_S seconds and served
 * stale for STALE_WHILE_REVALIDATE_S more while one request refreshes it. So a write is visible through a cache
 * within SHARED_MAX_AGE_S seconds (plus the one refreshing request), or at once where the cache is purged: every
 * answer names its model in a surrogate key (`Surrogate-Key` for Fastly and Varnish, `Cache-Tag` for Cloudflare and
 * others), and every committed write that changes a model's passports POSTs that key to CACHE_PURGE_URL when set.
 * This module is that invalidation; what each answer says to caches is src/server/http/cache-policy.ts.
 */

export const SHARED_MAX_AGE_S = 5;
export const STALE_WHILE_REVALIDATE_S = 5;

/** The surrogate key of every cached answer about one model: its passport, its items' passports, their pages and codes. */
export function surrogateKeyOf(modelId: string): string {
  return `model-${modelId}`;
}

export function isSharedCachePurgeConfigured(): boolean {
  return getConfig().CACHE_PURGE_URL !== undefined;
}

const PURGE_TIMEOUT_MS = 2_000;

/**
 * Asks the shared cache to drop every answer about these models: `POST CACHE_PURGE_URL` with the keys as JSON
 * (`{"surrogateKeys": […]}`) and in a `Surrogate-Key` header, and `Authorization: Bearer CACHE_PURGE_TOKEN` when set.
 * Called after the write committed (src/server/db/transaction.ts). A failure is logged, never thrown: the write
 * stands, and the cache forgets within SHARED_MAX_AGE_S anyway.
 */
export async function purgeSharedCaches(modelIds: string[]): Promise<void> {
  const { CACHE_PURGE_URL: url, CACHE_PURGE_TOKEN: token } = getConfig();
  if (!url || modelIds.length === 0) return;
  const surrogateKeys = modelIds.map(surrogateKeyOf);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Surrogate-Key": surrogateKeys.join(" "),
        ...(token && { Authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify({ surrogateKeys }),
      signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) console.error(`[cache-purge] ${url} answered ${response.status} for ${surrogateKeys.join(" ")}`);
  } catch (error) {
    console.error(`[cache-purge] ${url} failed for ${surrogateKeys.join(" ")}:`, (error as Error).message);
  }
}
