import { AppError } from "~/domain/app-error";
import { jsonArrayLength } from "~/domain/json-array-length";
import { getConfig } from "~/server/config";

/** A request may carry at most MAX_DATA_VALUES_PER_REQUEST data values (413 beyond). */
export function assertDataValueCount(count: number): void {
  const limit = getConfig().MAX_DATA_VALUES_PER_REQUEST;
  if (count > limit) {
    throw new AppError("PAYLOAD_TOO_LARGE", `A request may carry at most ${limit} data values; this one has ${count}. Split it up.`);
  }
}

/**
 * The same limit on a body before its schema runs: an array of millions of elements is refused at once instead of
 * being validated element by element. Anything that is not an array is left to the schema.
 */
export function assertDataValueCountOf(values: unknown): void {
  if (Array.isArray(values)) assertDataValueCount(values.length);
}

/**
 * The same limit on a JSON body's text, before it is parsed (restRoute's `checkBodyText`): the values an array holds
 * are counted in the text, so 16.7 million of them are refused without JSON.parse building them (json-array-length.ts).
 */
export function assertDataValueCountInText(text: string): void {
  const length = jsonArrayLength(text);
  if (length !== undefined) assertDataValueCount(length);
}
