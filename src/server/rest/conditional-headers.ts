import { AppError } from "~/domain/app-error";

/** The model version an `If-Match: "<version>"` header asks for; undefined when absent or `*`. */
export function readIfMatch(headers: Headers): number | undefined {
  const header = headers.get("if-match")?.trim();
  if (!header || header === "*") return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header);
  if (!match?.[1]) {
    throw new AppError("BAD_REQUEST", 'If-Match must be a model version in quotes, as the ETag header gives it: "3".');
  }
  return Number(match[1]);
}

/** The ETag of a versioned resource (a model's or an item's `version`, a draft's `revision`): `"3"`. */
export function versionEtag(version: number): string {
  return `"${version}"`;
}

/**
 * Whether an `If-None-Match` header names `etag` (so the client's copy is current and the answer is 304): `*`, or
 * a list of entity tags compared by RFC 9110's weak comparison (§8.8.3.2: equal opaque tags, either or both may be
 * weak), which §13.1.2 prescribes for If-None-Match. The one comparison of every route that answers 304.
 */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.trim() === "*" || header.split(",").some((tag) => opaque(tag) === opaque(etag));
}
