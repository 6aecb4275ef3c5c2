import type { TReadingSeries } from "~/domain/reading";
import type { Tx } from "~/server/db/transaction";
import { bucketWindow, numberSeriesSpans, readBuckets, seriesBucket } from "~/server/services/readings/internal/reading-sql";

/** A passport page's chart covers at most this long before the series' latest reading, in this many buckets. */
const CHART_WINDOW_MS = 30 * 86_400_000;
export const CHART_POINTS = 48;

/**
 * The series an item's passport page charts (docs/readings.md §The chart): each NumericField with readings, over the
 * 30 days up to its latest reading (from its first reading when younger), downsampled like the series read. Loaded
 * with the passport, in its snapshot, so the cached entry's epoch (advanced by every new reading) covers it; who may
 * see which chart is decided when the passport is cut for a reader (readPassportPage).
 */
export async function passportReadingCharts(db: Tx, itemId: string): Promise<TReadingSeries[]> {
  const charts: TReadingSeries[] = [];
  for (const span of await numberSeriesSpans(db, itemId)) {
    const to = new Date(span.lastAt.getTime() + 1);
    const from = new Date(Math.max(span.firstHour.getTime(), to.getTime() - CHART_WINDOW_MS));
    const window = bucketWindow(from, to, CHART_POINTS);
    const rows = await readBuckets(db, span.id, window);
    charts.push({
      dataSectionId: span.dataSectionId,
      dataFieldId: span.dataFieldId,
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      buckets: rows.map(seriesBucket),
    });
  }
  return charts;
}
