-- Use data over time (docs/readings.md): timestamped readings of an item's fields, append-only, kept apart from the
-- values and their history. A reading row is kept small (docs/readings.md §Storage): the item and field it belongs
-- to are named once, by a series, and each reading carries only the series' 4-byte key, its instant and its value
-- (a double for a NumericField, text otherwise: exactly one of the two is set).
CREATE TABLE "reading_series" (
  "id" SERIAL NOT NULL,
  "itemId" UUID NOT NULL,
  "dataSectionId" UUID NOT NULL,
  "dataFieldId" UUID NOT NULL,
  CONSTRAINT "reading_series_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "reading_series_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "item"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "reading_series_itemId_dataSectionId_dataFieldId_key" ON "reading_series"("itemId", "dataSectionId", "dataFieldId");

-- The primary key is the idempotency rule: one reading per series and instant. Its index also serves the latest
-- reading of a series (a backward scan) and a series' readings in a time window.
CREATE TABLE "reading" (
  "seriesId" INTEGER NOT NULL,
  "at" TIMESTAMPTZ(3) NOT NULL,
  "number" DOUBLE PRECISION,
  "text" TEXT,
  CONSTRAINT "reading_pkey" PRIMARY KEY ("seriesId", "at"),
  CONSTRAINT "reading_seriesId_fkey" FOREIGN KEY ("seriesId") REFERENCES "reading_series"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- The latest reading is its field's current value in the item's passport, so a new reading advances the item's
-- passport epoch like a change of its values (migration 20261127003000_passport_epoch): the cache forgets, the
-- model's surrogate key is purged. One statement of N readings updates each item it touched once.
CREATE FUNCTION passport_epoch_of_readings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item_ids uuid[] := ARRAY(SELECT DISTINCT s."itemId" FROM "reading_series" AS s WHERE s."id" IN (SELECT "seriesId" FROM new_rows));
BEGIN
  -- Locked in id order first: two fleet batches naming the same items in another order wait, never deadlock.
  PERFORM 1 FROM "item" WHERE "id" = ANY(item_ids) ORDER BY "id" FOR UPDATE;
  UPDATE "item" SET "passportEpoch" = "passportEpoch" + 1
  WHERE "id" = ANY(item_ids) AND "xmin" <> pg_current_xact_id()::xid;
  RETURN NULL;
END $$;

CREATE TRIGGER "reading_passport_epoch_insert" AFTER INSERT ON "reading" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION passport_epoch_of_readings();

-- Each series' readings rolled up per hour (UTC), kept by the statement that stores them: a long window (a year of
-- minute readings) is read from these, ~1/60 of the rows, instead of every reading (docs/readings.md §Downsampling).
-- `last…` is the hour's latest reading; `min`, `max` and `sum` are of a NumericField's numbers (null otherwise).
CREATE TABLE "reading_hour" (
  "seriesId" INTEGER NOT NULL,
  "hour" TIMESTAMPTZ(3) NOT NULL,
  "count" INTEGER NOT NULL,
  "min" DOUBLE PRECISION,
  "max" DOUBLE PRECISION,
  "sum" DOUBLE PRECISION,
  "lastAt" TIMESTAMPTZ(3) NOT NULL,
  "lastNumber" DOUBLE PRECISION,
  "lastText" TEXT,
  CONSTRAINT "reading_hour_pkey" PRIMARY KEY ("seriesId", "hour"),
  CONSTRAINT "reading_hour_seriesId_fkey" FOREIGN KEY ("seriesId") REFERENCES "reading_series"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
