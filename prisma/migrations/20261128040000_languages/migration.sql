-- Languages (docs/languages.md). A value of a multilingual field is kept once per language (a canonical BCP 47 tag);
-- every other value has the language '' — one value per place, as before. The language joins the primary key, so
-- the identity of a value is (section, field, row, language); existing values keep '' and read as before.
ALTER TABLE "data_value" ADD COLUMN "language" TEXT NOT NULL DEFAULT '';
ALTER TABLE "data_value" DROP CONSTRAINT "data_value_pkey";
ALTER TABLE "data_value" ADD CONSTRAINT "data_value_pkey" PRIMARY KEY ("modelId","dataSectionId","dataFieldId","row","language");

ALTER TABLE "item_data_value" ADD COLUMN "language" TEXT NOT NULL DEFAULT '';
ALTER TABLE "item_data_value" DROP CONSTRAINT "item_data_value_pkey";
ALTER TABLE "item_data_value" ADD CONSTRAINT "item_data_value_pkey" PRIMARY KEY ("itemId","dataSectionId","dataFieldId","row","language");

-- The organization's default language (what a reader gets when nothing else matches, and what a write without a
-- language means) and the languages it publishes in, the default first.
ALTER TABLE "organization" ADD COLUMN "defaultLanguage" TEXT NOT NULL DEFAULT 'en';
ALTER TABLE "organization" ADD COLUMN "publishedLanguages" TEXT[] NOT NULL DEFAULT ARRAY['en']::TEXT[];
