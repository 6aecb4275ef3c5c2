import { gs1KeyPath, parseGs1Key } from "~/domain/gs1/gs1-key";
import type { TPassport } from "~/domain/passport-schema";

/**
 * What names a passport's product: its id (the identifier uuid it is read by), its identifiers, and, for a model, its
 * own GTIN. A live passport's header and a published version's frozen passport both are one; `gtin` may be missing
 * from a version frozen before models had one.
 */
export type ProductIdentity = Pick<TPassport, "id" | "itemId" | "uniqueProductIdentifiers"> & { gtin?: string | null };

/**
 * The one URI a passport's product is known by outside: the GS1 Digital Link URI of the passport's identifier (or of
 * a model's own GTIN) under `baseUrl`, else the passport's canonical page URL. The AAS export's `globalAssetId`, the
 * EU registry's `upi` and the DPP header's `uniqueProductIdentifier` are this (docs/aas.md, docs/registry.md,
 * docs/versions.md), so every door names a product the same way, and each of those URIs leads back to the passport
 * (the GS1 resolver, `/p/{uuid}`, the DPP API's look-up by product id).
 */
export function productIdentifierUri(passport: ProductIdentity, baseUrl: string): string {
  const identifier = passport.uniqueProductIdentifiers.find((u) => u.uuid === passport.id);
  const key = identifier ? parseGs1Key(identifier.value) : undefined;
  if (key?.kind === "key") return `${baseUrl}${gs1KeyPath(key.key)}`;
  if (passport.itemId === undefined && passport.gtin) return `${baseUrl}${gs1KeyPath({ gtin: passport.gtin })}`;
  return `${baseUrl}/p/${passport.id}`;
}
