import { AppError } from "~/domain/app-error";
import { parseGs1Key, gs1KeyPath } from "~/domain/gs1/gs1-key";
import { publicBaseUrl } from "~/server/config";
import { getDb } from "~/server/db/client";

/** `requestOrigin`: the origin the request came in on; links use it where it is trusted (`linkOrigin`). */
export type GetPassportLinkOptions = { uuid: string; requestOrigin?: string };

/**
 * The URL a passport's QR code encodes (docs/gs1.md): the GS1 Digital Link URI `${PUBLIC_BASE_URL}/01/…` when the
 * identifier's value is a GS1 key, or when it names a model that has a GTIN of its own (`/01/{gtin}`, which the
 * resolver leads to that model); else the page `${PUBLIC_BASE_URL}/p/{uuid}`. Public; an identifier not in use
 * (unknown, retired) is a 404 revealing nothing.
 */
export async function getPassportLink({ uuid, requestOrigin }: GetPassportLinkOptions): Promise<{ url: string }> {
  const row = await getDb().uniqueProductIdentifier.findFirst({
    where: { uuid, retiredAt: null, OR: [{ modelId: { not: null } }, { itemId: { not: null } }] },
    select: { value: true, model: { select: { gtin: true } } },
  });
  if (!row) throw new AppError("NOT_FOUND", "Passport not found.");
  const key = parseGs1Key(row.value);
  if (key.kind === "key") return { url: `${publicBaseUrl(requestOrigin)}${gs1KeyPath(key.key)}` };
  const gtin = row.model?.gtin;
  return { url: `${publicBaseUrl(requestOrigin)}${gtin ? gs1KeyPath({ gtin }) : `/p/${uuid}`}` };
}
