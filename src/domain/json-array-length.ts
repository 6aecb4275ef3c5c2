import { jsonStringEnd } from "~/domain/json-text";

/**
 * How many elements the array a JSON text is holds, counted in the text without parsing it; undefined when the text
 * is not an array (its first character past whitespace is not `[`). Meant for a text JSON.parse would accept: of any
 * other it answers some count, and the parse that follows refuses the text.
 *
 * Why not parse first: JSON.parse of a 32 MiB body of `[1,1,…]` builds 16.7 million elements and holds the server's
 * one thread for seconds before any limit on their number can be checked; this count of its top-level commas takes a
 * twentieth of that and builds nothing (0.4–0.7 against 8–18 s on the 2-core machine under CI's load; the burst of
 * forty such bodies, docs/security.md).
 */
export function jsonArrayLength(json: string): number | undefined {
  let at = 0;
  while (at < json.length && isWhitespace(json.charCodeAt(at))) at++;
  if (json.charCodeAt(at) !== OPEN_ARRAY) return undefined;
  let depth = 0;
  let commas = 0;
  let hasElement = false;
  for (; at < json.length; at++) {
    const code = json.charCodeAt(at);
    if (code === QUOTE) {
      if (depth === 1) hasElement = true;
      at = jsonStringEnd(json, at);
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (depth === 1) hasElement = true;
      depth++;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth--;
    } else if (depth === 1) {
      if (code === COMMA) commas++;
      else if (!isWhitespace(code)) hasElement = true;
    }
  }
  return hasElement ? commas + 1 : 0;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** JSON's whitespace: space, tab, line feed, carriage return (RFC 8259 §2). */
function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}
