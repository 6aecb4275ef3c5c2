-- Structural forgetting of cached passports (docs/api.md §Passports, Caching). A model and an item carry a passport
-- epoch that the database itself advances whenever anything their passports show changes: the row itself (name,
-- description, GTIN, template, version), its data values, its unique product identifiers. The app's passport cache
-- keeps the epochs an entry was assembled at and checks them on every read, in one indexed query; a deleted model or
-- item, or a retired identifier, finds no row there. No write has to remember to forget: a table a passport shows gets
-- these triggers, and tests/integration/passport-forgetting.test.ts fails for one that references a model or an
-- item without them (unless listed there as not shown).
--
-- The triggers also collect the changed models' ids in a transaction-local setting, `passport.changed_models`, which
-- the app reads before commit to purge shared caches (CACHE_PURGE_URL).
ALTER TABLE "model" ADD COLUMN "passportEpoch" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "item" ADD COLUMN "passportEpoch" INTEGER NOT NULL DEFAULT 0;

-- Appends model ids to the transaction's list of changed models (space-separated, each once).
CREATE FUNCTION passport_note_changed_models(model_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  noted text := COALESCE(current_setting('passport.changed_models', true), '');
  model_id uuid;
BEGIN
  FOREACH model_id IN ARRAY model_ids LOOP
    IF model_id IS NOT NULL AND position(model_id::text IN noted) = 0 THEN
      noted := noted || ' ' || model_id::text;
    END IF;
  END LOOP;
  PERFORM set_config('passport.changed_models', noted, true);
END $$;

-- Any update of a model or item row.
CREATE FUNCTION passport_epoch_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."passportEpoch" := OLD."passportEpoch" + 1;
  -- Separate statements: each is planned on first use, and only an item has a "modelId".
  IF TG_TABLE_NAME = 'item' THEN
    PERFORM passport_note_changed_models(ARRAY[NEW."modelId"]);
  ELSE
    PERFORM passport_note_changed_models(ARRAY[NEW."id"]);
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "model_passport_epoch" BEFORE UPDATE ON "model" FOR EACH ROW EXECUTE FUNCTION passport_epoch_of_row();
CREATE TRIGGER "item_passport_epoch" BEFORE UPDATE ON "item" FOR EACH ROW EXECUTE FUNCTION passport_epoch_of_row();

-- Deleting a model or an item: its passports are gone (the epoch check finds no row); shared caches are purged.
CREATE FUNCTION passport_deleted_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'item' THEN
    PERFORM passport_note_changed_models(ARRAY(SELECT DISTINCT "modelId" FROM old_rows));
  ELSE
    PERFORM passport_note_changed_models(ARRAY(SELECT "id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "model_passport_deleted" AFTER DELETE ON "model" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION passport_deleted_row();
CREATE TRIGGER "item_passport_deleted" AFTER DELETE ON "item" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION passport_deleted_row();

-- A model's values: one statement of N values advances the epoch of each model it touched once. A row this very
-- transaction already wrote (inserted, or updated, which advanced its epoch) needs no second step: no one can have
-- cached what it commits, so creating 10,000 items with their identifiers and values updates no item row again.
CREATE FUNCTION passport_epoch_of_model_values() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "model" SET "passportEpoch" = "passportEpoch" + 1 WHERE "id" IN (SELECT "modelId" FROM old_rows) AND "xmin" <> pg_current_xact_id()::xid;
  ELSE
    UPDATE "model" SET "passportEpoch" = "passportEpoch" + 1 WHERE "id" IN (SELECT "modelId" FROM new_rows) AND "xmin" <> pg_current_xact_id()::xid;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "data_value_passport_epoch_insert" AFTER INSERT ON "data_value" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION passport_epoch_of_model_values();
CREATE TRIGGER "data_value_passport_epoch_update" AFTER UPDATE ON "data_value" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION passport_epoch_of_model_values();
CREATE TRIGGER "data_value_passport_epoch_delete" AFTER DELETE ON "data_value" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION passport_epoch_of_model_values();

-- An item's values.
CREATE FUNCTION passport_epoch_of_item_values() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "item" SET "passportEpoch" = "passportEpoch" + 1 WHERE "id" IN (SELECT "itemId" FROM old_rows) AND "xmin" <> pg_current_xact_id()::xid;
  ELSE
    UPDATE "item" SET "passportEpoch" = "passportEpoch" + 1 WHERE "id" IN (SELECT "itemId" FROM new_rows) AND "xmin" <> pg_current_xact_id()::xid;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "item_data_value_passport_epoch_insert" AFTER INSERT ON "item_data_value" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION passport_epoch_of_item_values();
CREATE TRIGGER "item_data_value_passport_epoch_update" AFTER UPDATE ON "item_data_value" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION passport_epoch_of_item_values();
CREATE TRIGGER "item_data_value_passport_epoch_delete" AFTER DELETE ON "item_data_value" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION passport_epoch_of_item_values();

-- Identifiers: a passport lists those of what it describes; an identifier retired or moved changes both owners.
CREATE FUNCTION passport_epoch_of_identifiers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "model" SET "passportEpoch" = "passportEpoch" + 1 WHERE "id" IN (SELECT "modelId" FROM old_rows) AND "xmin" <> pg_current_xact_id()::xid;
    UPDATE "item" SET "passportEpoch" = "passportEpoch" + 1 WHERE "id" IN (SELECT "itemId" FROM old_rows) AND "xmin" <> pg_current_xact_id()::xid;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE "model" SET "passportEpoch" = "passportEpoch" + 1 WHERE "id" IN (SELECT "modelId" FROM new_rows) AND "xmin" <> pg_current_xact_id()::xid;
    UPDATE "item" SET "passportEpoch" = "passportEpoch" + 1 WHERE "id" IN (SELECT "itemId" FROM new_rows) AND "xmin" <> pg_current_xact_id()::xid;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "unique_product_identifier_passport_epoch_insert" AFTER INSERT ON "unique_product_identifier"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION passport_epoch_of_identifiers();
CREATE TRIGGER "unique_product_identifier_passport_epoch_update" AFTER UPDATE ON "unique_product_identifier"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION passport_epoch_of_identifiers();
CREATE TRIGGER "unique_product_identifier_passport_epoch_delete" AFTER DELETE ON "unique_product_identifier"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION passport_epoch_of_identifiers();
