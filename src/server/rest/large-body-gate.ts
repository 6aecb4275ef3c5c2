/**
 * At most MAX_PARSING_LARGE_BODIES request bodies over LARGE_BODY_BYTES are parsed and validated at the same time;
 * the others wait with their text read. A body just under the 32 MiB limit costs ten times its size while it is
 * parsed (a JSON array of 16 million `1`s is a 130 MB array, and garbage comes on top), so forty such requests at
 * once would otherwise need gigabytes. The permit is taken after the body has been read, so a slow client never
 * holds it; parsing a legitimate 14 MB write of 100,000 values takes a fraction of a second next to the seconds of
 * its database work, so one at a time costs little. Smaller bodies (every ordinary request) never wait.
 */

export const LARGE_BODY_BYTES = 1024 * 1024;
export const MAX_PARSING_LARGE_BODIES = 1;

let active = 0;
const waiting: (() => void)[] = [];

/** Runs `work` (parsing a body of `size` characters or bytes) under the gate when the body is large. */
export async function withBodyPermit<T>(size: number, work: () => Promise<T>): Promise<T> {
  if (size < LARGE_BODY_BYTES) return work();
  await acquire();
  try {
    return await work();
  } finally {
    release();
  }
}

function acquire(): Promise<void> {
  if (active < MAX_PARSING_LARGE_BODIES) {
    active += 1;
    return Promise.resolve();
  }
  return new Promise((resolve) => waiting.push(resolve));
}

/** Hands the permit straight to the next waiter, if any, so the count never drops in between. */
function release(): void {
  const next = waiting.shift();
  if (next) next();
  else active -= 1;
}
