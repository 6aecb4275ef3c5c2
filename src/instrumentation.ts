/**
 * Next's instrumentation hook. `onRequestError` sees every error Next caught while rendering a page or running a
 * route; a store that is away turns the page's 500 into a 503 (src/server/http/store-unavailable-pages.ts).
 */
export async function onRequestError(error: unknown): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ serviceUnavailableError }, { noteStoreUnavailable }] = await Promise.all([
    import("~/server/errors/database-busy"),
    import("~/server/http/store-unavailable-pages"),
  ]);
  const unavailable = serviceUnavailableError(error);
  if (unavailable?.retryAfterSeconds !== undefined) noteStoreUnavailable(unavailable.retryAfterSeconds);
}
