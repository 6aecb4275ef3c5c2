const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Appends segments to a JSON path such as `$.sections[3].name`. Keys that are not plain identifiers
 * (option names like `max-length`) are bracket-quoted so the path stays unambiguous.
 */
export function appendPath(base: string, ...segments: readonly PropertyKey[]): string {
  let path = base;
  for (const segment of segments) {
    if (typeof segment === "number") path += `[${segment}]`;
    else if (typeof segment === "symbol") path += `[${JSON.stringify(String(segment))}]`;
    else if (IDENTIFIER.test(segment)) path += `.${segment}`;
    else path += `[${JSON.stringify(segment)}]`;
  }
  return path;
}
