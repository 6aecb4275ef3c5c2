/**
 * At most MAX_PARSING_LARGE_BODIES request bodies over LARGE_BODY_BYTES are read, parsed and validated at the same
 * time; the others wait unread. (Next.js itself still buffers each body as it arrives; what waits here is the
 * parsing, which costs far more.) A body just under the 32 MiB
 * limit costs ten times its size while it is parsed (a JSON array of 16 million `1`s is a 130 MB array, and its
 * text, chunks and garbage come on top), so forty such requests at once would otherwise need gigabytes. Parsing a
 * legitimate 14 MB write of 100,000 values takes a fraction of a second next to the seconds of its database work,
 * so one at a time costs little. Smaller bodies (every ordinary request) never wait. A client that uploads a large
 * body slowly holds the permit meanwhile, delaying other large writes, never small requests.
 */

const LARGE_BODY_BYTES = 1024 * 1024;
const MAX_PARSING_LARGE_BODIES = 1;

let active = 0;
const waiting: (() => void)[] = [];

/** Runs `work` (reading and parsing a body) under the gate when the body is large or of unknown size. */
export async function withBodyPermit<T>(headers: Headers, work: () => Promise<T>): Promise<T> {
  const declared = headers.get("content-length");
  if (declared !== null && Number(declared) < LARGE_BODY_BYTES) return work();
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
