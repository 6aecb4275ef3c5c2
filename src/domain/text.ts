import { z } from "zod";

/**
 * Text a request may carry. JSON allows two things PostgreSQL cannot store as sent: NUL (U+0000), which `text`
 * refuses outright ("invalid byte sequence"), and a lone UTF-16 surrogate ("\ud83d"), which UTF-8 cannot encode and
 * which would otherwise be replaced silently by U+FFFD. Both are refused here, once, for every free-text input.
 */

// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The reason `text` cannot be stored as sent, or undefined when it can ("must not contain …", to follow a label).
 * The one rule for every text a write stores, whichever way it arrives: request schemas (ZText) and the write path's
 * checks of values and identifiers that came from a file, an AAS environment or a merge patch (docs/api.md).
 */
export function unstorableTextReason(text: string): string | undefined {
  if (NUL.test(text)) return "must not contain the NUL character (U+0000)";
  if (LONE_SURROGATE.test(text)) return "must be valid Unicode text (it has a lone surrogate)";
  return undefined;
}

/**
 * A string refined to storable text. `label` starts the message ("Name must not contain …"). Checks that must see
 * the raw string (trim, length) may follow with `.trim()`, `.max()` as on any zod string.
 */
export function ZText(label: string, options?: { error?: string }) {
  return z.string(options?.error === undefined ? undefined : { error: options.error }).check((ctx) => {
    const reason = unstorableTextReason(ctx.value);
    if (reason) ctx.issues.push({ code: "custom", message: `${label} ${reason}`, input: ctx.value });
  });
}
