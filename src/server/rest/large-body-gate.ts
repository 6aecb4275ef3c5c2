/**
 * At most MAX_PARSING_LARGE_BODIES request bodies over LARGE_BODY_BYTES are read, parsed and validated at the same
 * time; the others wait unread. (Next.js itself still buffers each body as it arrives; what waits here is the
 * parsing, which costs far more.) A body just under the 32 MiB
 * limit costs ten times its size while it is parsed (a JSON array of 16 million `1`s is a 130 MB array, and its
 * text, chunks and garbage come on top), so forty such requests at once would otherwise need gigabytes. Parsing a
 * legitimate 14 MB write of 100,000 values takes a fraction of a second next to the seconds of its database work,
 * so one at a time costs little. Smaller bodies (every ordinary request) never wait.
 *
 * Who may take the slot, and for how long:
 * - only an authenticated caller that passed the route's checks (restRoute resolves the caller and runs the route's
 *   preflight — membership, existence of what the path names — before it asks for a permit; the tRPC handler reads
 *   an anonymous caller's body without a permit, and at most LARGE_BODY_BYTES of it);
 * - a body must arrive within BODY_READ_TIMEOUT_SECONDS of the permit (408 after, src/server/rest/read-json-body.ts),
 *   so a slow upload holds the slot that long at most;
 * - one client (`holder`: the user) is never given the slot twice in a row while another client waits: its further
 *   large bodies wait behind everyone else's.
 */

export const LARGE_BODY_BYTES = 1024 * 1024;
const MAX_PARSING_LARGE_BODIES = 1;

let active = 0;
let lastHolder: string | undefined;
const waiting: { holder: string; resume: () => void }[] = [];

/** A body that will wait for a permit: over LARGE_BODY_BYTES, or of unknown length. */
export function isLargeBody(headers: Headers): boolean {
  const declared = headers.get("content-length");
  return declared === null || Number(declared) >= LARGE_BODY_BYTES;
}

/** Runs `work` (reading and parsing a body) under the gate when the body is large or of unknown size. */
export async function withBodyPermit<T>(headers: Headers, holder: string, work: () => Promise<T>): Promise<T> {
  if (!isLargeBody(headers)) return work();
  await acquire(holder);
  try {
    return await work();
  } finally {
    release();
  }
}

function acquire(holder: string): Promise<void> {
  if (active < MAX_PARSING_LARGE_BODIES) {
    active += 1;
    lastHolder = holder;
    return Promise.resolve();
  }
  return new Promise((resume) => waiting.push({ holder, resume }));
}

/**
 * Hands the permit straight to the next waiter, if any, so the count never drops in between — the first waiter of
 * another client than the one that just held it, when there is one.
 */
function release(): void {
  const index = waiting.findIndex((waiter) => waiter.holder !== lastHolder);
  const [next] = waiting.splice(index === -1 ? 0 : index, 1);
  if (!next) {
    active -= 1;
    lastHolder = undefined;
    return;
  }
  lastHolder = next.holder;
  next.resume();
}
