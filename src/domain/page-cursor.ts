import { z } from "zod";
import { AppError } from "~/domain/app-error";
import { decodeBase64UrlText, encodeBase64UrlText } from "~/domain/base64url";

/**
 * The one cursor of every paged list (models, items, history, the AAS read API, the DPP API's product ids): the
 * base64url of a JSON position that only the list which handed it out reads, checked by that list's schema. Opaque to
 * clients, so a list may change what its position holds; anything else is the same 400 everywhere.
 */
export function encodeCursor(position: Record<string, string | number>): string {
  return encodeBase64UrlText(JSON.stringify(position));
}

/** The answer to a cursor no page of this list handed out. */
export function invalidCursor(): AppError {
  return new AppError("BAD_REQUEST", "The cursor is not one this API returned.", [
    { path: "$.cursor", message: "Send a cursor exactly as a previous page answered it." },
  ]);
}

export function decodeCursor<S extends z.ZodType>(cursor: string, schema: S): z.infer<S> {
  const invalid = invalidCursor();
  const text = cursor.length <= 1024 ? decodeBase64UrlText(cursor) : undefined;
  if (text === undefined) throw invalid;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid;
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw invalid;
  return result.data;
}
