import { type Gs1Key, gs1KeyPath } from "~/domain/gs1/gs1-key";
import { getDb } from "~/server/db/client";
import { verifiedGtinOwner } from "~/server/services/gs1-prefixes/internal/gtin-owner";

/**
 * What a GS1 key names (docs/gs1.md, Who may resolve a GTIN): `found`, the passport (identifier uuid) of the
 * organization whose verified company prefix covers the GTIN; `not-verified` when the key is held only elsewhere;
 * `unknown` when no identifier in use holds it.
 */
export type Gs1KeyPassport = { kind: "found"; uuid: string } | { kind: "not-verified" } | { kind: "unknown" };

/** Identifiers in use: a retired one names nothing. */
const inUse = { retiredAt: null, OR: [{ modelId: { not: null } }, { itemId: { not: null } }] };

/** Values are unique per organization, and a model's GTIN too; within one, the identifier taken first wins. */
const firstTaken = [{ createdAt: "asc" as const }, { uuid: "asc" as const }];

/**
 * The one rule every door that takes a product identifier follows for a GS1 key — the Digital Link resolver, the
 * EN 18222 look-ups by product id and the AAS discovery: **the verified prefix decides**. Only the organization whose
 * verified GS1 company prefix covers the GTIN is followed, whoever registered the key first, so a squatter's
 * passport is never handed out for another company's GTIN. A key with a serial or lot names that organization's
 * identifier holding exactly that key; a bare GTIN its model whose own GTIN it is, else its identifier holding it,
 * else the first identifier of its model whose items carry that GTIN.
 */
export async function passportOfGs1Key(key: Gs1Key): Promise<Gs1KeyPassport> {
  const found = await verifiedPassportOfGs1Key(key);
  if (found !== null) return { kind: "found", uuid: found };
  return (await findPassport(key, undefined)) ? { kind: "not-verified" } : { kind: "unknown" };
}

/** The passport (identifier uuid) the key names under the one rule above, or null: for doors that need no reason. */
export async function verifiedPassportOfGs1Key(key: Gs1Key): Promise<string | null> {
  const owner = await verifiedGtinOwner(key.gtin);
  const found = owner === null ? null : await findPassport(key, owner);
  return found?.uuid ?? null;
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
