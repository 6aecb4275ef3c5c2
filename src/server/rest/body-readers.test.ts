import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { expect, it } from "vitest";

/**
 * Request bodies are read in one place, readBodyText (src/server/rest/read-json-body.ts), which bounds their size
 * and time and checks their encoding. A route that read its body any other way would have none of that; the lint
 * rule in eslint.config.mjs says so in the editor, and this test says so in `npm test`.
 */

const SOURCE = join(import.meta.dirname, "..", "..");
const READER = "server/rest/read-json-body.ts";
/** Browser code that reads a streamed answer (a response body, never a request's): the import's progress lines. */
const RESPONSE_READERS = new Set(["components/items/use-items-import.ts"]);
const DIRECT_READ =
  /\b(request|req|incoming)\.(text|json|arrayBuffer|formData|blob|bytes)\(|\.body\??\.(getReader|pipeTo|pipeThrough|tee)\(/;

async function sourceFiles(): Promise<string[]> {
  const entries = await readdir(SOURCE, { recursive: true });
  return entries
    .filter((entry) => /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) && !entry.startsWith("generated"))
    .map((entry) => relative(SOURCE, join(SOURCE, entry)));
}

it("no file but the one bounded reader reads a request body", async () => {
  const offenders: string[] = [];
  for (const file of await sourceFiles()) {
    if (file === READER || RESPONSE_READERS.has(file)) continue;
    const text = await readFile(join(SOURCE, file), "utf8");
    text.split("\n").forEach((line, index) => {
      if (DIRECT_READ.test(line)) offenders.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }
  expect(offenders).toEqual([]);
  // The reader itself is where the pattern lives, so the pattern does find what it is meant to.
  expect(DIRECT_READ.test(await readFile(join(SOURCE, READER), "utf8"))).toBe(true);
});

it("has no server actions, whose bodies Next.js would read outside the reader", async () => {
  const actions: string[] = [];
  for (const file of await sourceFiles()) {
    if (/^\s*["']use server["']/m.test(await readFile(join(SOURCE, file), "utf8"))) actions.push(file);
  }
  expect(actions).toEqual([]);
});
