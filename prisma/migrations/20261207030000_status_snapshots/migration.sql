-- Battery status snapshots (Annex XIII point 4(c), docs/readings.md §Status snapshots): when an item's value of a
-- field with the option `snapshot: "true"` changes, by whatever sender, the item's values of that field's top-level
-- section are kept as they then were, with the instant and, when the change published a version, its number.
-- Appended, never changed; deleting the item deletes them.
CREATE TABLE "item_status_snapshot" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "itemId" UUID NOT NULL,
  "dataSectionId" UUID NOT NULL,
  "dataFieldId" UUID NOT NULL,
  "status" TEXT,
  "values" JSONB NOT NULL,
  "takenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT clock_timestamp(),
  "passportVersion" INTEGER,
  CONSTRAINT "item_status_snapshot_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "item_status_snapshot_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "item"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- An item's snapshots newest first (the list), and the latest one per field (is this a change?).
CREATE INDEX "item_status_snapshot_itemId_takenAt_idx" ON "item_status_snapshot"("itemId", "takenAt" DESC, "id" DESC);
