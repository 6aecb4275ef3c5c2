import { gs1KeyPath, parseGs1Key } from "~/domain/gs1/gs1-key";
import type { AssembledPassport } from "~/domain/passport";

/**
 * The one URI a passport's product is known by outside: the GS1 Digital Link URI of the passport's identifier (or of
 * a model's own GTIN) under `baseUrl`, else the passport's canonical page URL. The AAS export's `globalAssetId` and
 * the EU registry's `upi` are this (docs/aas.md, docs/registry.md).
 */
export function productIdentifierUri(passport: AssembledPassport, baseUrl: string): string {
  const { header } = passport;
  const identifier = header.uniqueProductIdentifiers.find((u) => u.uuid === header.id);
  const key = identifier ? parseGs1Key(identifier.value) : undefined;
  if (key?.kind === "key") return `${baseUrl}${gs1KeyPath(key.key)}`;
  if (header.itemId === undefined && header.gtin) return `${baseUrl}${gs1KeyPath({ gtin: header.gtin })}`;
  return `${baseUrl}/p/${header.id}`;
}
