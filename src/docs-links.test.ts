import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The docs name files of the repository — as links and as `src/…` paths in code spans — and files move: a doc that
 * points at a file that is gone sends its reader nowhere (issue 34 found several). This reads the docs a reader starts
 * from and checks every such path exists, so a move that forgets its docs fails here instead of misleading later.
 */

const ROOT = path.resolve(import.meta.dirname, "..");

/** The top-level folders a code span may name a path under; other spans (MIME types, AAS paths, …) are not paths. */
const REPO_FOLDERS = ["src", "docs", "tests", "scripts", "prisma", "e2e", "schemas", "deploy", "messages", ".ci"];

type Reference = { line: number; target: string; anchor?: string };

/** The repository paths a markdown document refers to, relative to the repository's root, each with its line. */
function referencedPaths(markdown: string, documentPath: string): Reference[] {
  const found: Reference[] = [];
  const codeSpan = new RegExp("`((?:" + REPO_FOLDERS.map((f) => f.replace(".", "\\.")).join("|") + ")/[^`\\s]*)`", "g");
  markdown.split("\n").forEach((text, index) => {
    const line = index + 1;
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const link = match[1] ?? "";
      // Web addresses are not files of the repository.
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue;
      const [file = "", anchor] = link.split("#");
      const target = file === "" ? documentPath : path.posix.join(path.posix.dirname(documentPath), decodeURIComponent(file));
      found.push({ line, target: path.posix.normalize(target), ...(anchor === undefined ? {} : { anchor }) });
    }
    for (const [, span = ""] of text.matchAll(codeSpan)) {
      // A pattern (`src/app/api/.../route.ts`, `docs/*.md`, `prisma/migrations/<timestamp>_<name>`) names no one file.
      if (/\.\.\.|…|\*|<|\{/.test(span)) continue;
      found.push({ line, target: path.posix.normalize(span) });
    }
  });
  return found;
}

/**
 * The anchors a markdown document offers: its headings as GitHub spells them (lower case, punctuation dropped, spaces
 * as hyphens, a repeated heading numbered -1, -2, …) and any `<a id="…">` it sets by hand.
 */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const text of markdown.split("\n")) {
    if (text.startsWith("```")) inFence = !inFence;
    if (inFence) continue;
    for (const [, id = ""] of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id);
    const heading = /^#{1,6}\s+(.*?)\s*$/.exec(text);
    if (!heading) continue;
    const slug = (heading[1] ?? "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug);
    seen.set(slug, (count ?? -1) + 1);
    anchors.add(count === undefined ? slug : `${slug}-${count + 1}`);
  }
  return anchors;
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
      { line: 1, target: "docs/api.md", anchor: "writes" },
      { line: 1, target: "README.md" },
      { line: 2, target: "docs/guide.md", anchor: "below" },
      { line: 2, target: "src/domain/x.ts" },
    ]);
  });

  it("spells heading anchors as GitHub does", () => {
    const markdown = [
      "# Read API (`/api/aas`)",
      "## Lists, ranges & choices",
      "## Notes",
      "## Notes",
      "```",
      "# not a heading",
      "```",
    ];
    markdown.push('- <a id="lists-of-values"></a>**List field**');
    expect([...anchorsOf(markdown.join("\n"))]).toEqual([
      "read-api-apiaas",
      "lists-ranges--choices",
      "notes",
      "notes-1",
      "lists-of-values",
    ]);
  });

  it("every file the docs link to or name exists, and every anchor they link to is in it", () => {
    const missing: string[] = [];
    const anchors = new Map<string, Set<string>>();
    const anchorsIn = (file: string) => {
      let found = anchors.get(file);
      if (!found) anchors.set(file, (found = anchorsOf(readFileSync(path.join(ROOT, file), "utf8"))));
      return found;
    };
    for (const doc of documents()) {
      for (const { line, target, anchor } of referencedPaths(readFileSync(path.join(ROOT, doc), "utf8"), doc)) {
        if (!existsSync(path.join(ROOT, target))) missing.push(`${doc}:${line} → ${target}`);
        else if (anchor !== undefined && target.endsWith(".md") && !anchorsIn(target).has(anchor)) {
          missing.push(`${doc}:${line} → ${target}#${anchor}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
