import type { Issue } from "~/domain/app-error";

/** The same identifier value twice in one request; reported at each later occurrence, naming the first. */
export function findDuplicateValues(values: readonly string[], pathOf: (i: number) => string): Issue[] {
  const firstAt = new Map<string, number>();
  const issues: Issue[] = [];
  for (const [i, value] of values.entries()) {
    const first = firstAt.get(value);
    if (first === undefined) firstAt.set(value, i);
    else issues.push({ path: pathOf(i), message: `"${value}" is the same identifier as ${pathOf(first)}; send each once` });
  }
  return issues;
}
