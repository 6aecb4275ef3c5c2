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

/**
 * What a passport describes (docs/registry.md, docs/versions.md §DPP API): a model; a batch, when it is an item
 * identified by a GS1 batch/lot without a serial; else one item. The registry record's `granularityLevel` (`MODEL`,
 * `BATCH`, `ITEM`) and the DPP header's `granularity` (`Model`, `Batch`, `Item`) are this, so the two never disagree.
 */
export function passportGranularity(passport: ProductIdentity): "Model" | "Batch" | "Item" {
  if (passport.itemId === undefined) return "Model";
  const identifier = passport.uniqueProductIdentifiers.find((u) => u.uuid === passport.id);
  const parsed = identifier ? parseGs1Key(identifier.value) : undefined;
  return parsed?.kind === "key" && parsed.key.lot !== undefined && parsed.key.serial === undefined ? "Batch" : "Item";
}
