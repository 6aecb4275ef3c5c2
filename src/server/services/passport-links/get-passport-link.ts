import { AppError } from "~/domain/app-error";
import { parseGs1Key, gs1KeyPath, type Gs1Key } from "~/domain/gs1/gs1-key";
import { publicBaseUrl } from "~/server/config";
import { getDb } from "~/server/db/client";
import { verifiedGtinOwner } from "~/server/services/gs1-prefixes/internal/gtin-owner";

/** `requestOrigin`: the origin the request came in on; links use it where it is trusted (`linkOrigin`). */
export type GetPassportLinkOptions = { uuid: string; requestOrigin?: string };

/**
 * The URL a passport's QR code encodes (docs/gs1.md): the GS1 Digital Link URI `${PUBLIC_BASE_URL}/01/…` when the
 * identifier's value is a GS1 key, or when it names a model that has a GTIN of its own (`/01/{gtin}`, which the
 * resolver leads to that model) — in both cases only when the GTIN's company prefix is verified for the
 * identifier's organization, since the resolver follows no other; else the page `${PUBLIC_BASE_URL}/p/{uuid}`.
 * Public; an identifier not in use (unknown, retired) is a 404 revealing nothing. Also names the model, whose
 * surrogate key the code is cached under.
 */
export async function getPassportLink({ uuid, requestOrigin }: GetPassportLinkOptions): Promise<{ url: string; modelId: string }> {
  const row = await getDb().uniqueProductIdentifier.findFirst({
    where: { uuid, retiredAt: null, OR: [{ modelId: { not: null } }, { itemId: { not: null } }] },
    select: {
      value: true,
      organizationId: true,
      model: { select: { id: true, gtin: true } },
      item: { select: { modelId: true } },
    },
  });
  const modelId = row?.model?.id ?? row?.item?.modelId;
  if (!row || !modelId) throw new AppError("NOT_FOUND", "Passport not found.");
  const parsed = parseGs1Key(row.value);
  const gtin = row.model?.gtin;
  const key: Gs1Key | null = parsed.kind === "key" ? parsed.key : gtin ? { gtin } : null;
  const isResolvable = key !== null && (await verifiedGtinOwner(key.gtin)) === row.organizationId;
  return { url: `${publicBaseUrl(requestOrigin)}${isResolvable ? gs1KeyPath(key) : `/p/${uuid}`}`, modelId };
}
