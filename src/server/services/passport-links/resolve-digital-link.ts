import { AppError } from "~/domain/app-error";
import { gs1KeyPath, parseDigitalLinkPath } from "~/domain/gs1/gs1-key";
import { getDb } from "~/server/db/client";

/** `path`: the request path from its `/01/` segment on, still percent-encoded. */
export type ResolveDigitalLinkOptions = { path: string };

/** Identifiers in use: a retired one names nothing. */
const inUse = { retiredAt: null, OR: [{ modelId: { not: null } }, { itemId: { not: null } }] };

/** When organizations share a key (values are unique per organization only), the one that took it first wins. */
const firstTaken = [{ createdAt: "asc" as const }, { uuid: "asc" as const }];

/**
 * The passport a GS1 Digital Link path opens (docs/gs1.md): the identifier uuid whose page the resolver redirects
 * to. A key with a serial or lot names the identifier holding exactly that key; a bare GTIN names the model whose
 * own GTIN it is, else the identifier holding it, else the first identifier of the model whose items carry that
 * GTIN. Public, like the page it leads to; a malformed key is a 400 saying why, an unknown one a 404.
 */
export async function resolveDigitalLink(options: ResolveDigitalLinkOptions): Promise<{ uuid: string }> {
  const parsed = parseDigitalLinkPath(options.path);
  if (parsed.kind !== "key") throw new AppError("VALIDATION", `${parsed.kind === "invalid" ? parsed.message : "Not a GS1 key"}.`);
  const path = gs1KeyPath(parsed.key);
  const db = getDb();
  const isBareGtin = parsed.key.lot === undefined && parsed.key.serial === undefined;
  if (isBareGtin) {
    // A model's GTIN is unique in the installation (docs/gs1.md), so at most one model claims it.
    const model = await db.model.findUnique({
      where: { gtin: parsed.key.gtin },
      select: { uniqueProductIdentifiers: { where: { retiredAt: null }, orderBy: firstTaken, take: 1, select: { uuid: true } } },
    });
    const modelIdentifier = model?.uniqueProductIdentifiers[0];
    if (modelIdentifier) return modelIdentifier;
  }
  const exact = await db.uniqueProductIdentifier.findFirst({
    where: { value: path, ...inUse },
    orderBy: firstTaken,
    select: { uuid: true },
  });
  if (exact) return exact;
  if (isBareGtin) {
    const itemOfGtin = await db.uniqueProductIdentifier.findFirst({
      // The path is digits and slashes only, so LIKE's wildcards cannot occur in it.
      where: { value: { startsWith: `${path}/` }, retiredAt: null, itemId: { not: null } },
      orderBy: firstTaken,
      select: {
        item: {
          select: { model: { select: { uniqueProductIdentifiers: { orderBy: firstTaken, take: 1, select: { uuid: true } } } } },
        },
      },
    });
    const modelIdentifier = itemOfGtin?.item?.model.uniqueProductIdentifiers[0];
    if (modelIdentifier) return modelIdentifier;
  }
  throw new AppError("NOT_FOUND", `No passport is registered for ${path}.`);
}
