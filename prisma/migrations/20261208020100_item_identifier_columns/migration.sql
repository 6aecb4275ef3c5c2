-- How many identifier columns a model's items export needs (docs/spreadsheets.md §Export): the most identifiers any
-- of its items has had, widened by every write that gives an item more than one identifier
-- (src/server/services/items/internal/identifier-columns.ts), so an export starts with one primary-key read instead
-- of counting the identifiers of every item of the model (7 s at a million items before the first byte). No row: one
-- column. The number never shrinks when an item is deleted (a column may then stay empty). Kept by the services,
-- not a trigger: a trigger would count each new identifier's item, 10,000 index probes per bulk creation.
CREATE TABLE "model_item_identifier_columns" (
  "modelId" UUID NOT NULL,
  "columns" INTEGER NOT NULL,
  CONSTRAINT "model_item_identifier_columns_pkey" PRIMARY KEY ("modelId"),
  CONSTRAINT "model_item_identifier_columns_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "model"("id")
    ON DELETE CASCADE ON UPDATE CASCADE
);

-- The items of today.
INSERT INTO "model_item_identifier_columns" ("modelId", "columns")
SELECT i."modelId", max(c."n")::int
FROM (
  SELECT "itemId", count(*) AS "n" FROM "unique_product_identifier" WHERE "itemId" IS NOT NULL
  GROUP BY "itemId" HAVING count(*) > 1
) AS c
JOIN "item" AS i ON i."id" = c."itemId"
GROUP BY i."modelId";
