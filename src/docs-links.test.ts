import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The docs name files of the repository — as links and as `src/…` paths in code spans — and files move: a doc that
 * points at a file that is gone sends its reader nowhere (issue 34 found several). This reads the docs a reader starts
 * from and checks every such path exists, so a move that forgets its docs fails here instead of misleading later.
 */

const ROOT = path.resolve(__dirname, "..");

/** The top-level folders a code span may name a path under; other spans (MIME types, AAS paths, …) are not paths. */
const REPO_FOLDERS = ["src", "docs", "tests", "scripts", "prisma", "e2e", "schemas", "deploy", "messages", ".ci"];

/** The repository paths a markdown document refers to, relative to the repository's root, each with its line. */
function referencedPaths(markdown: string, documentPath: string): { line: number; target: string }[] {
  const found: { line: number; target: string }[] = [];
  const codeSpan = new RegExp("`((?:" + REPO_FOLDERS.map((f) => f.replace(".", "\\.")).join("|") + ")/[^`\\s]*)`", "g");
  markdown.split("\n").forEach((text, index) => {
    const line = index + 1;
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const link = match[1];
      // Web addresses and anchors within the same page are not files of the repository.
      if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith("#")) continue;
      const file = decodeURIComponent(link.split("#")[0]);
      found.push({ line, target: path.posix.normalize(path.posix.join(path.posix.dirname(documentPath), file)) });
    }
    for (const match of text.matchAll(codeSpan)) {
      // A pattern (`src/app/api/.../route.ts`, `docs/*.md`, `prisma/migrations/<timestamp>_<name>`) names no one file.
      if (/\.\.\.|…|\*|<|\{/.test(match[1])) continue;
      found.push({ line, target: path.posix.normalize(match[1]) });
    }
  });
  return found;
}

function documents(): string[] {
  const docs = readdirSync(path.join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`);
  return ["README.md", "ARCHITECTURE.md", "CODE_STYLE.md", ...docs].filter((doc) => existsSync(path.join(ROOT, doc)));
}

describe("docs' links and paths", () => {
  it("finds links and repository paths, and leaves web addresses, anchors and patterns alone", () => {
    const markdown = [
      "See [the API](api.md#writes), [home](../README.md) and [the site](https://example.com/x.md).",
      "Jump [below](#below). The rule is in `src/domain/x.ts`; routes are `src/app/api/.../route.ts`; `application/json`.",
    ].join("\n");
    expect(referencedPaths(markdown, "docs/guide.md")).toEqual([
      { line: 1, target: "docs/api.md" },
      { line: 1, target: "README.md" },
      { line: 2, target: "src/domain/x.ts" },
    ]);
  });

  it("every file the docs link to or name exists", () => {
    const missing: string[] = [];
    for (const doc of documents()) {
      for (const { line, target } of referencedPaths(readFileSync(path.join(ROOT, doc), "utf8"), doc)) {
        if (!existsSync(path.join(ROOT, target))) missing.push(`${doc}:${line} → ${target}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
