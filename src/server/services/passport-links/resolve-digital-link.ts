import { AppError } from "~/domain/app-error";
import { type Gs1Key, gs1KeyPath, parseDigitalLinkPath } from "~/domain/gs1/gs1-key";
import { getDb } from "~/server/db/client";
import { verifiedGtinOwner } from "~/server/services/gs1-prefixes/internal/gtin-owner";

/** `path`: the request path from its `/01/` segment on, still percent-encoded. */
export type ResolveDigitalLinkOptions = { path: string };

/** Identifiers in use: a retired one names nothing. */
const inUse = { retiredAt: null, OR: [{ modelId: { not: null } }, { itemId: { not: null } }] };

/** Values are unique per organization, and a model's GTIN too; within one, the identifier taken first wins. */
const firstTaken = [{ createdAt: "asc" as const }, { uuid: "asc" as const }];

/**
 * The passport a GS1 Digital Link path opens (docs/gs1.md): the identifier uuid whose page the resolver redirects
 * to. Only the organization whose verified GS1 company prefix covers the GTIN is followed, so registering another
 * company's GTIN first captures none of its scans. A key with a serial or lot names that organization's identifier
 * holding exactly that key; a bare GTIN its model whose own GTIN it is, else its identifier holding it, else the first
 * identifier of its model whose items carry that GTIN. Public, like the page it leads to; a malformed key is a 400
 * saying why, an unknown one a 404, and a key held only where the prefix is not verified a 404 saying so.
 */
export async function resolveDigitalLink(options: ResolveDigitalLinkOptions): Promise<{ uuid: string }> {
  const parsed = parseDigitalLinkPath(options.path);
  if (parsed.kind !== "key") throw new AppError("VALIDATION", `${parsed.kind === "invalid" ? parsed.message : "Not a GS1 key"}.`);
  const path = gs1KeyPath(parsed.key);
  const owner = await verifiedGtinOwner(parsed.key.gtin);
  const found = owner === null ? null : await findPassport(parsed.key, owner);
  if (found) return found;
  if (await findPassport(parsed.key, undefined)) {
    throw new AppError(
      "NOT_FOUND",
      `Not verified: ${path} is registered here, but by no organization that has proven the GS1 company prefix of GTIN ${parsed.key.gtin}, so it does not lead to a passport.`,
    );
  }
  throw new AppError("NOT_FOUND", `No passport is registered for ${path}.`);
}

/** The passport the key names in one organization, or in any when `organizationId` is undefined. */
async function findPassport(key: Gs1Key, organizationId: string | undefined): Promise<{ uuid: string } | null> {
  const path = gs1KeyPath(key);
  const db = getDb();
  const isBareGtin = key.lot === undefined && key.serial === undefined;
  if (isBareGtin) {
    const model = await db.model.findFirst({
      where: { gtin: key.gtin, organizationId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { uniqueProductIdentifiers: { where: { retiredAt: null }, orderBy: firstTaken, take: 1, select: { uuid: true } } },
    });
    const modelIdentifier = model?.uniqueProductIdentifiers[0];
    if (modelIdentifier) return modelIdentifier;
  }
  const exact = await db.uniqueProductIdentifier.findFirst({
    where: { value: path, organizationId, ...inUse },
    orderBy: firstTaken,
    select: { uuid: true },
  });
  if (exact) return exact;
  if (!isBareGtin) return null;
  const itemOfGtin = await db.uniqueProductIdentifier.findFirst({
    // The path is digits and slashes only, so LIKE's wildcards cannot occur in it.
    where: { value: { startsWith: `${path}/` }, organizationId, retiredAt: null, itemId: { not: null } },
    orderBy: firstTaken,
    select: {
      item: {
        select: { model: { select: { uniqueProductIdentifiers: { orderBy: firstTaken, take: 1, select: { uuid: true } } } } },
      },
    },
  });
  return itemOfGtin?.item?.model.uniqueProductIdentifiers[0] ?? null;
}
