-- Readings as arrays (docs/readings.md §Storage): a row per reading cannot be smaller than ~85 bytes on disk (a
-- 24-byte tuple header, a 4-byte line pointer and a primary-key entry each), above the 64 the issue asks. A series'
-- hour (UTC) becomes one row of "reading_hour" holding its readings as parallel arrays, sorted by instant: the
-- millisecond offsets from the hour's start (int4) and the values (float8 for a NumericField, text otherwise; the
-- other array is null). ~12 bytes a minute reading instead of ~85. The hour's roll-ups (min, max, sum of the numbers)
-- stay beside them, so a year is still read from 8,760 rows without opening their arrays; the count and the latest
-- reading are the arrays' length and last element.
ALTER TABLE "reading_hour"
    ADD COLUMN "offsets" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[],
    ADD COLUMN "numbers" DOUBLE PRECISION[],
    ADD COLUMN "texts" TEXT[];

-- Existing readings move into their hours' arrays (every stored reading has its hour's roll-up row, kept by the
-- statement that stored it); the roll-ups are recomputed from them.
UPDATE "reading_hour" AS h
SET ("offsets", "numbers", "texts", "min", "max", "sum") =
    (r."offsets", r."numbers", r."texts", r."min", r."max", r."sum")
FROM (
    SELECT "seriesId", date_trunc('hour', "at", 'UTC') AS "hour",
           array_agg((extract(epoch FROM "at" - date_trunc('hour', "at", 'UTC')) * 1000)::int ORDER BY "at") AS "offsets",
           CASE WHEN bool_and("text" IS NULL) THEN array_agg("number" ORDER BY "at") END AS "numbers",
           CASE WHEN bool_and("text" IS NULL) THEN NULL ELSE array_agg("text" ORDER BY "at") END AS "texts",
           min("number") AS "min", max("number") AS "max", sum("number") AS "sum"
    FROM "reading"
    GROUP BY 1, 2
) AS r
WHERE r."seriesId" = h."seriesId" AND r."hour" = h."hour";

-- A roll-up without readings cannot be (readings are never deleted alone); one would only mislead the reads.
DELETE FROM "reading_hour" WHERE cardinality("offsets") = 0;

ALTER TABLE "reading_hour"
    ALTER COLUMN "offsets" DROP DEFAULT,
    DROP COLUMN "count",
    DROP COLUMN "lastAt",
    DROP COLUMN "lastNumber",
    DROP COLUMN "lastText";

-- The passport epoch is advanced by the statement that stores readings (reading-sql.ts), with the items locked
-- before it in id order: an upsert's rows are inserted or updated, and one statement trigger cannot see both.
DROP TABLE "reading";
DROP FUNCTION passport_epoch_of_readings();
