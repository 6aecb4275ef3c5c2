import { AppError } from "~/domain/app-error";
import { gs1KeyPath, parseDigitalLinkPath } from "~/domain/gs1/gs1-key";
import { passportOfGs1Key } from "~/server/services/passport-links/internal/passport-of-gs1-key";

/** `path`: the request path from its `/01/` segment on, still percent-encoded. */
export type ResolveDigitalLinkOptions = { path: string };

/**
 * The passport a GS1 Digital Link path opens (docs/gs1.md): the identifier uuid whose page the resolver redirects
 * to, by the one rule of `passportOfGs1Key` (the verified prefix decides). Public, like the page it leads to; a
 * malformed key is a 400 saying why, an unknown one a 404, and a key held only where the prefix is not verified a
 * 404 saying so.
 */
export async function resolveDigitalLink(options: ResolveDigitalLinkOptions): Promise<{ uuid: string }> {
  const parsed = parseDigitalLinkPath(options.path);
  if (parsed.kind !== "key") throw new AppError("VALIDATION", `${parsed.kind === "invalid" ? parsed.message : "Not a GS1 key"}.`);
  const path = gs1KeyPath(parsed.key);
  const found = await passportOfGs1Key(parsed.key);
  if (found.kind === "found") return { uuid: found.uuid };
  if (found.kind === "not-verified") {
    throw new AppError(
      "NOT_FOUND",
      `Not verified: ${path} is registered here, but by no organization that has proven the GS1 company prefix of GTIN ${parsed.key.gtin}, so it does not lead to a passport.`,
    );
  }
  throw new AppError("NOT_FOUND", `No passport is registered for ${path}.`);
}
