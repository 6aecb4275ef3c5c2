-- How many identifier columns a model's items export needs (docs/spreadsheets.md §Export): the most identifiers any
-- of its items has had, kept here as identifiers are added, so an export starts with one primary-key read instead of
-- counting the identifiers of every item of the model (a scan of a million items before the first byte). No row: one
-- column. The number never shrinks when an item is deleted (a column may then stay empty), so the write that adds
-- an identifier never has to recount the model.
CREATE TABLE "model_item_identifier_columns" (
  "modelId" UUID NOT NULL,
  "columns" INTEGER NOT NULL,
  CONSTRAINT "model_item_identifier_columns_pkey" PRIMARY KEY ("modelId"),
  CONSTRAINT "model_item_identifier_columns_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "model"("id")
    ON DELETE CASCADE ON UPDATE CASCADE
);

-- Per statement: the items the new identifiers name, each counted by the identifiers' index on "itemId" (a correlated
-- count, so the plan never scans the table whatever the transition table's size), and only models with an item past
-- one identifier are written — a bulk creation of items with one identifier each writes nothing here.
CREATE FUNCTION item_identifier_columns_of_identifiers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "model_item_identifier_columns" ("modelId", "columns")
  SELECT i."modelId", max(c."n")::int
  FROM (
    SELECT t."itemId", (SELECT count(*) FROM "unique_product_identifier" AS u WHERE u."itemId" = t."itemId") AS "n"
    FROM (SELECT DISTINCT "itemId" FROM new_rows WHERE "itemId" IS NOT NULL) AS t
  ) AS c
  JOIN "item" AS i ON i."id" = c."itemId"
  WHERE c."n" > 1
  GROUP BY i."modelId"
  ON CONFLICT ("modelId") DO UPDATE SET "columns" = EXCLUDED."columns"
    WHERE "model_item_identifier_columns"."columns" < EXCLUDED."columns";
  RETURN NULL;
END $$;

CREATE TRIGGER "unique_product_identifier_item_columns_insert" AFTER INSERT ON "unique_product_identifier"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION item_identifier_columns_of_identifiers();

-- The items of today.
INSERT INTO "model_item_identifier_columns" ("modelId", "columns")
SELECT i."modelId", max(c."n")::int
FROM (
  SELECT "itemId", count(*) AS "n" FROM "unique_product_identifier" WHERE "itemId" IS NOT NULL
  GROUP BY "itemId" HAVING count(*) > 1
) AS c
JOIN "item" AS i ON i."id" = c."itemId"
GROUP BY i."modelId";
