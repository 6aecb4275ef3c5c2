-- History: a write's value changes move from one passport_change_value row each into parallel arrays on its
-- passport_change (element i of each array is one value change), written by one array_agg per statement instead
-- of one row per value. Existing changes keep their value changes, in section, field and row order.
ALTER TABLE "passport_change"
    ADD COLUMN "valueSectionIds" UUID[] NOT NULL DEFAULT ARRAY[]::UUID[],
    ADD COLUMN "valueFieldIds" UUID[] NOT NULL DEFAULT ARRAY[]::UUID[],
    ADD COLUMN "valueRows" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[],
    ADD COLUMN "valueKinds" "ValueChangeKind"[] NOT NULL DEFAULT ARRAY[]::"ValueChangeKind"[],
    ADD COLUMN "oldValues" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    ADD COLUMN "newValues" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];

UPDATE "passport_change" AS c
SET ("valueSectionIds", "valueFieldIds", "valueRows", "valueKinds", "oldValues", "newValues") =
    (v."sections", v."fields", v."rows", v."kinds", v."olds", v."news")
FROM (
    SELECT "changeId",
           array_agg("dataSectionId" ORDER BY "dataSectionId", "dataFieldId", "row") AS "sections",
           array_agg("dataFieldId" ORDER BY "dataSectionId", "dataFieldId", "row") AS "fields",
           array_agg("row" ORDER BY "dataSectionId", "dataFieldId", "row") AS "rows",
           array_agg("kind" ORDER BY "dataSectionId", "dataFieldId", "row") AS "kinds",
           array_agg("oldValue" ORDER BY "dataSectionId", "dataFieldId", "row") AS "olds",
           array_agg("newValue" ORDER BY "dataSectionId", "dataFieldId", "row") AS "news"
    FROM "passport_change_value"
    GROUP BY "changeId"
) AS v
WHERE v."changeId" = c."id";

DROP TABLE "passport_change_value";
