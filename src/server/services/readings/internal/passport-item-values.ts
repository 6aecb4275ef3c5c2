import type { TDataValue } from "~/domain/data-value";
import { withLatestReadings } from "~/domain/reading";
import type { Tx } from "~/server/db/transaction";
import { readItemValuesOfItems } from "~/server/services/data-values/internal/data-value-sql";
import { latestReadings } from "~/server/services/readings/internal/reading-sql";

/** An item's values as its passport shows them, and the instant of its latest reading (passportHeader's version). */
export type PassportItemValues = { values: TDataValue[]; latestReadingAt: Date | null };

/**
 * The values an item's passport shows, by item id: its stored values with the latest-value rule applied (a field with
 * readings shows its latest one, docs/readings.md). The one place readings join what readers see: the passport read
 * (JSON, page, AAS read API) and publishing (signed versions, the DPP API) both assemble from here.
 */
export async function passportItemValues(db: Tx, itemIds: readonly string[]): Promise<Map<string, PassportItemValues>> {
  const stored = await readItemValuesOfItems(db, itemIds);
  const latest = await latestReadings(db, itemIds);
  return new Map(
    itemIds.map((id) => {
      const readings = latest.get(id);
      const values = withLatestReadings(stored.get(id) ?? [], readings?.values ?? []);
      return [id, { values, latestReadingAt: readings?.at ?? null }];
    }),
  );
}
