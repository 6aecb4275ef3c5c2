-- Translations of a template's own name and description (docs/languages.md §Template translations): per canonical
-- BCP 47 tag a name and a description, validated by src/domain/template-translations.ts before they are stored.
-- NULL when the template has none; the sections' and fields' translations stay in the section tree.
ALTER TABLE "template" ADD COLUMN "translations" JSONB;
