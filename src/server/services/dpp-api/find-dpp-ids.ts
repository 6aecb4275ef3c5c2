import { z } from "zod";
import { decodeCursor, encodeCursor, invalidCursor } from "~/domain/page-cursor";
import { parseGs1Key } from "~/domain/gs1/gs1-key";
import { MAX_PRODUCT_IDS, type TDppIdsPage } from "~/domain/versions/dpp-document";
import { isUuid } from "~/domain/uuid";
import { getDb } from "~/server/db/client";
import { verifiedPassportOfGs1Key } from "~/server/services/passport-links/internal/passport-of-gs1-key";

/**
 * A product identifier as a client gives it (docs/versions.md §DPP API): a passport page URL `…/p/{uuid}`, a GS1
 * Digital Link URI or element string — resolved by the one rule of the GS1 resolver (`passportOfGs1Key`: the
 * verified company prefix decides, so a squatter's identifier is never found) — or another identifier value as
 * stored. A malformed GS1 key names nothing.
 */
async function lookupOf(productId: string): Promise<{ uuid?: string; value?: string }> {
  const page = /\/p\/([0-9a-fA-F-]{36})\/?$/.exec(productId)?.[1];
  if (page && isUuid(page)) return { uuid: page.toLowerCase() };
  const parsed = parseGs1Key(productId);
  if (parsed.kind === "invalid") return {};
  if (parsed.kind === "not-gs1") return { value: productId };
  const uuid = await verifiedPassportOfGs1Key(parsed.key);
  return uuid === null ? {} : { uuid };
}

/**
 * The dppIds (identifier uuids) each product identifier names that have a published version, in one query for the
 * whole page once GS1 keys are resolved: other identifier values are unique per organization, so one value may name
 * passports of several.
 */
export async function dppIdsOf(productIds: readonly string[]): Promise<Map<string, string[]>> {
  // A page may name one product many times: each distinct identifier is resolved once.
  const distinct = [...new Set(productIds)];
  const resolved = new Map(await Promise.all(distinct.map(async (id) => [id, await lookupOf(id)] as const)));
  const lookups = [...resolved.values()];
  const values = lookups.flatMap((l) => (l.value === undefined ? [] : [l.value]));
  const uuids = lookups.flatMap((l) => (l.uuid === undefined ? [] : [l.uuid]));
  const rows = await getDb().$queryRaw<{ uuid: string; value: string }[]>`
    SELECT u."uuid"::text AS "uuid", u."value" FROM "unique_product_identifier" AS u
    WHERE (u."value" = ANY(${values}::text[]) OR u."uuid" = ANY(${uuids}::uuid[])) AND u."retiredAt" IS NULL
      AND EXISTS (SELECT 1 FROM "passport_version" AS v WHERE v."ownerId" = COALESCE(u."itemId", u."modelId"))
    ORDER BY u."createdAt", u."uuid"`;
  return new Map(
    distinct.map((productId) => {
      const lookup = resolved.get(productId) ?? {};
      return [productId, rows.filter((row) => row.uuid === lookup.uuid || row.value === lookup.value).map((row) => row.uuid)];
    }),
  );
}

/** A page of the product ids asked for starts at this index of the list. */
const ZIdsPosition = z.object({ from: z.number().int().min(0) });

export type FindDppIdsOptions = { productIds: readonly string[]; limit?: number; cursor?: string };

/** EN 18222 ReadDPPIdsByProductIds: each product identifier with the dppIds it names, paged by `limit`/`cursor`. */
export async function findDppIds({ productIds, limit = MAX_PRODUCT_IDS, cursor }: FindDppIdsOptions): Promise<TDppIdsPage> {
  const start = cursor === undefined ? 0 : decodeCursor(cursor, ZIdsPosition).from;
  // A position past this request's list is a cursor of another list.
  if (start > 0 && start >= productIds.length) throw invalidCursor();
  const page = productIds.slice(start, start + limit);
  const found = await dppIdsOf(page);
  const next = start + limit < productIds.length ? encodeCursor({ from: start + limit }) : undefined;
  return {
    result: page.map((productId) => ({ productId, dppIds: found.get(productId) ?? [] })),
    paging_metadata: next === undefined ? {} : { cursor: next },
  };
}
