-- Values per language (docs/languages.md). The history records each value change's language beside its section,
-- field and row: '' for a value of a field that is not multilingual, as in the value tables.
ALTER TABLE "passport_change" ADD COLUMN "valueLanguages" TEXT[] NOT NULL DEFAULT '{}';
UPDATE "passport_change" SET "valueLanguages" = array_fill(''::text, ARRAY[cardinality("valueRows")])
  WHERE cardinality("valueRows") > 0;

-- Until now a multilingual field held one value with the language '' (its option was stored, not yet applied):
-- that value becomes the organization's default language, as a write without a language now means.
WITH "multilingual" AS (
  SELECT t."id" AS "templateId", (f ->> 'id')::uuid AS "fieldId"
  FROM "template" AS t
    CROSS JOIN LATERAL jsonb_array_elements(t."sections"::jsonb) AS s
    CROSS JOIN LATERAL jsonb_array_elements(s -> 'dataFields') AS f
  WHERE f -> 'options' ->> 'multilingual' = 'true' AND f -> 'options' ->> 'choices' IS NULL
    AND f -> 'options' ->> 'format' IS NULL AND f ->> 'type' = 'TextField'
)
UPDATE "data_value" AS d SET "language" = o."defaultLanguage"
FROM "model" AS m JOIN "organization" AS o ON o."id" = m."organizationId"
  JOIN "multilingual" AS ml ON ml."templateId" = m."templateId"
WHERE d."modelId" = m."id" AND d."dataFieldId" = ml."fieldId" AND d."language" = '';

WITH "multilingual" AS (
  SELECT t."id" AS "templateId", (f ->> 'id')::uuid AS "fieldId"
  FROM "template" AS t
    CROSS JOIN LATERAL jsonb_array_elements(t."sections"::jsonb) AS s
    CROSS JOIN LATERAL jsonb_array_elements(s -> 'dataFields') AS f
  WHERE f -> 'options' ->> 'multilingual' = 'true' AND f -> 'options' ->> 'choices' IS NULL
    AND f -> 'options' ->> 'format' IS NULL AND f ->> 'type' = 'TextField'
)
UPDATE "item_data_value" AS d SET "language" = o."defaultLanguage"
FROM "item" AS i JOIN "organization" AS o ON o."id" = i."organizationId"
  JOIN "multilingual" AS ml ON ml."templateId" = i."templateId"
WHERE d."itemId" = i."id" AND d."dataFieldId" = ml."fieldId" AND d."language" = '';
