-- The language a member reads the app in (docs/app-text.md): en, de or fr, checked by account.setLocale's schema
-- (ZAppLocale); NULL follows the browser's Accept-Language. A value the app no longer speaks reads as NULL.
ALTER TABLE "user" ADD COLUMN "locale" TEXT;
