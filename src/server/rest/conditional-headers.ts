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
