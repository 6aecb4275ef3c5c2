import { readFileSync } from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { APP_LOCALES } from "~/domain/languages/app-locale";

/**
 * Every catalogue (messages/<locale>.json) has exactly English's keys, each message parses as ICU, and each
 * translation uses the same placeholders and rich-text tags: a missing key would show its name to the member, a
 * renamed placeholder would show "{count}" instead of a number.
 */

type Tree = { [key: string]: string | Tree };

function read(locale: string): Tree {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, "../../messages", `${locale}.json`), "utf8")) as Tree;
}

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(name, value);
    else for (const [inner, text] of flatten(value, name)) entries.set(inner, text);
  }
  return entries;
}

/** The argument names and tags a message uses, sorted, e.g. ["<link>", "count", "name"]. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.tag) {
        found.add(`<${element.value}>`);
        walk(element.children);
      } else if (element.type === TYPE.plural || element.type === TYPE.select) {
        found.add(element.value);
        for (const option of Object.values(element.options)) walk(option.value);
      } else if (element.type !== TYPE.literal && element.type !== TYPE.pound) {
        found.add(element.value);
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

const english = flatten(read("en"));

describe("message catalogues", () => {
  it("has English text", () => {
    expect(english.size).toBeGreaterThan(100);
  });

  it.each(APP_LOCALES)("%s has exactly English's keys", (locale) => {
    expect([...flatten(read(locale)).keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each(APP_LOCALES)("%s: every message parses and uses English's placeholders", (locale) => {
    const mismatches: string[] = [];
    for (const [key, text] of flatten(read(locale))) {
      const expected = placeholders(english.get(key) ?? "");
      const actual = placeholders(text);
      if (actual.join() !== expected.join()) mismatches.push(`${key}: ${actual.join()} ≠ ${expected.join()}`);
    }
    expect(mismatches).toEqual([]);
  });

  it.each(APP_LOCALES)("%s has no empty message", (locale) => {
    expect([...flatten(read(locale))].filter(([, text]) => text.trim() === "").map(([key]) => key)).toEqual([]);
  });
});
