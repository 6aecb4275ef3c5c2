-- Nested repeaters (docs/data-model.md §Rows). A value keeps `row`, its row in the outermost repeater, and gains
-- `innerRows`: its row in each deeper repeater, each as seven digits and a dot (src/domain/row-path.ts), '' outside
-- nested repeaters. It joins the primary key; every existing value keeps '' and means what it meant.
ALTER TABLE "data_value" ADD COLUMN "innerRows" TEXT NOT NULL DEFAULT '';
ALTER TABLE "data_value" DROP CONSTRAINT "data_value_pkey";
ALTER TABLE "data_value" ADD CONSTRAINT "data_value_pkey" PRIMARY KEY ("modelId","dataSectionId","dataFieldId","row","innerRows","language");

ALTER TABLE "item_data_value" ADD COLUMN "innerRows" TEXT NOT NULL DEFAULT '';
ALTER TABLE "item_data_value" DROP CONSTRAINT "item_data_value_pkey";
ALTER TABLE "item_data_value" ADD CONSTRAINT "item_data_value_pkey" PRIMARY KEY ("itemId","dataSectionId","dataFieldId","row","innerRows","language");

-- The history records each value change's inner rows beside its row, parallel to the other arrays.
ALTER TABLE "passport_change" ADD COLUMN "valueInnerRows" TEXT[] NOT NULL DEFAULT '{}';
UPDATE "passport_change" SET "valueInnerRows" = array_fill(''::text, ARRAY[cardinality("valueRows")])
  WHERE cardinality("valueRows") > 0;
