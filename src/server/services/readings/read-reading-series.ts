import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { canReadAccess, fieldAccess } from "~/domain/field-options";
import type { TReaderLevel } from "~/domain/passport-schema";
import type { TReadingSeries, TReadingSeriesQuery } from "~/domain/reading";
import { fieldLevel } from "~/domain/template-index";
import { getDb } from "~/server/db/client";
import { openPassport } from "~/server/services/passports/read-passport";
import { bucketWindow, findSeries, readBuckets, seriesBucket } from "~/server/services/readings/internal/reading-sql";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

/** A series read without `from` covers this much before `to`. */
const DEFAULT_WINDOW_MS = 30 * 86_400_000;

export type ReadReadingSeriesOptions = {
  /** The caller, when signed in or with a key: a member of the owning organization reads every field. */
  actor: Actor | null;
  organizationId: string;
  modelId: string;
  itemId: string;
  query: TReadingSeriesQuery;
  /** The reader's address, for the limit on reads with a grant (as for the passport). */
  clientAddress: string | null;
};

/**
 * One field's readings of an item, downsampled in the database to at most `points` buckets (docs/readings.md). Read
 * by whoever may see the field in the item's passport: the reader's level is the passport's own rule (openPassport:
 * member, grant, else public), and the field's `access` must allow it (403 otherwise). An item that is not the
 * model's and the organization's is a 404 for everyone, as its passport is.
 */
export async function readReadingSeries({
  actor,
  organizationId,
  modelId,
  itemId,
  query,
  clientAddress,
}: ReadReadingSeriesOptions): Promise<TReadingSeries> {
  const db = getDb();
  const item = await db.item.findFirst({
    where: { id: itemId, modelId, organizationId },
    select: { templateId: true, uniqueProductIdentifiers: { where: { retiredAt: null }, select: { uuid: true }, take: 1 } },
  });
  const uuid = item?.uniqueProductIdentifiers[0]?.uuid;
  if (!item || !uuid) throw new AppError("NOT_FOUND", "Item not found.");
  const place = readingField(await loadTemplateIndex(db, item.templateId), query.dataFieldId);
  const { level } = await openPassport({ uuid, actor, grantToken: query.grant, clientAddress });
  if (!canReadField(level, place.access)) {
    throw new AppError(
      "FORBIDDEN",
      `This field's readings are for readers with access "${place.access}": ask the passport's owner for an access grant.`,
    );
  }
  const to = query.to ? new Date(query.to) : new Date();
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - DEFAULT_WINDOW_MS);
  if (from >= to)
    throw new AppError("VALIDATION", "from must be before to.", [{ path: "$query.from", message: "from must be before to" }]);
  const window = bucketWindow(from, to, query.points);
  const seriesId = await findSeries(db, itemId, place.dataSectionId, query.dataFieldId);
  const rows = seriesId === null ? [] : await readBuckets(db, seriesId, window);
  return {
    dataSectionId: place.dataSectionId,
    dataFieldId: query.dataFieldId,
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    buckets: rows.map(seriesBucket),
  };
}

function canReadField(level: TReaderLevel, access: ReturnType<typeof fieldAccess>): boolean {
  return level === "member" || canReadAccess(level, access);
}

/** The Item-level field outside repeaters with this id (field ids are unique in a template), and who may read it. */
function readingField(index: Awaited<ReturnType<typeof loadTemplateIndex>>, dataFieldId: string) {
  for (const [dataSectionId, entry] of index.sections) {
    const field = entry.fields.get(dataFieldId);
    if (field && entry.repeaterId === null && fieldLevel(entry, field) === "Item")
      return { dataSectionId, access: fieldAccess(field) };
  }
  throw new AppError("VALIDATION", "Query parameters are invalid.", [
    {
      path: "$query.dataFieldId",
      message: `Data field ${dataFieldId} is no Item-level field outside repeaters of this item's template`,
    },
  ]);
}
