-- Retention of published passport versions (docs/versions.md §Retention): deleting a model or an item keeps its
-- versions, marked withdrawn at that moment, readable for the organization's retention period (default 10 years, as
-- ESPR Art. 11 and the Battery Regulation Art. 78 ask for the product's life).
ALTER TABLE "organization" ADD COLUMN "passportRetentionYears" INTEGER NOT NULL DEFAULT 10;

CREATE FUNCTION passport_versions_withdrawn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "passport_version" SET "withdrawnAt" = now()
  WHERE "ownerId" IN (SELECT "id" FROM old_rows) AND "withdrawnAt" IS NULL;
  RETURN NULL;
END $$;

CREATE TRIGGER "model_passport_versions_withdrawn" AFTER DELETE ON "model" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION passport_versions_withdrawn();
CREATE TRIGGER "item_passport_versions_withdrawn" AFTER DELETE ON "item" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION passport_versions_withdrawn();
