import { AppError } from "~/domain/app-error";
import { MAX_READINGS_PER_REQUEST } from "~/domain/reading";

/** A request may carry at most MAX_READINGS_PER_REQUEST readings (413 beyond), whoever sends them. */
export function assertReadingCount(count: number): void {
  if (count > MAX_READINGS_PER_REQUEST) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `A request may carry at most ${MAX_READINGS_PER_REQUEST} readings; this one has ${count}. Split it up.`,
    );
  }
}

/**
 * The same limit on a body before its schema runs (restRoute's `checkBody`): an array of millions of readings is
 * refused at once instead of being checked one by one. Anything that is not an array is left to the schema.
 */
export function assertReadingCountOf(body: unknown): void {
  if (Array.isArray(body)) assertReadingCount(body.length);
}
