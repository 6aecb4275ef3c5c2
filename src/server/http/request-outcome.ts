import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What handling a request notes for the app's server (scripts/serve-next.ts), which acts on it as Next writes the
 * answer's head: a store that was away (store-unavailable-pages.ts), the size of a JSON answer and
 * whether its bytes are kept (compress-responses.ts).
 *
 * Next bundles pages, routes and src/instrumentation.ts apart from the server's own modules, so they would hold
 * copies of this module of their own: the context lives under a registered symbol on globalThis, which all share.
 */
export type RequestOutcome = {
  retryAfterSeconds?: number;
  answerBytes?: number;
  /** The answer's JSON bytes when they are kept and served again as they are (json-body.ts): compressed once. */
  keptAnswer?: Uint8Array;
};

const STORAGE_KEY = Symbol.for("passport-studio.request-outcome");
const shared = globalThis as { [STORAGE_KEY]?: AsyncLocalStorage<RequestOutcome> };
const storage = (shared[STORAGE_KEY] ??= new AsyncLocalStorage<RequestOutcome>());

/** Runs Next's handling of one request in a context whose notes land in `outcome`. */
export function runNotingOutcome<T>(outcome: RequestOutcome, handle: () => Promise<T>): Promise<T> {
  return storage.run(outcome, handle);
}

/** Notes something of the request being handled; outside the app's server (tests, scripts) nobody listens. */
export function noteOutcome(note: RequestOutcome): void {
  const outcome = storage.getStore();
  if (outcome) Object.assign(outcome, note);
}
