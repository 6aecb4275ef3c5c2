-- The language a member reads the app in (docs/app-text.md); NULL follows the browser's Accept-Language.
ALTER TABLE "user" ADD COLUMN "locale" TEXT;
ALTER TABLE "user" ADD CONSTRAINT "user_locale_check" CHECK ("locale" IN ('en', 'de', 'fr'));
