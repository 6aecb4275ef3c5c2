-- Writes that do not queue (docs/data-model.md, Concurrent writes). A write that only modifies existing values locks
-- its owner (model or item) FOR KEY SHARE, which concurrent such writes share, and bumps the owner's version and
-- passport epoch in its last statement, so writers of different values of one owner hold the owner's row only
-- from that bump to their commit. The value tables' statement triggers (migration 20261127003000_passport_epoch)
-- would bump the owner's epoch at the first value statement instead, holding the row for the rest of the write: a
-- write that promises the bump names its owner in the transaction-local setting `passport.pending_owners`, and the
-- triggers leave that owner to it. Every other write, and every statement outside the write path, is unchanged.
CREATE OR REPLACE FUNCTION passport_epoch_of_model_values() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pending text[] := string_to_array(COALESCE(current_setting('passport.pending_owners', true), ''), ' ');
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "model" SET "passportEpoch" = "passportEpoch" + 1 WHERE "id" IN (SELECT "modelId" FROM old_rows)
      AND "xmin" <> pg_current_xact_id()::xid AND NOT ("id"::text = ANY(pending));
  ELSE
    UPDATE "model" SET "passportEpoch" = "passportEpoch" + 1 WHERE "id" IN (SELECT "modelId" FROM new_rows)
      AND "xmin" <> pg_current_xact_id()::xid AND NOT ("id"::text = ANY(pending));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION passport_epoch_of_item_values() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pending text[] := string_to_array(COALESCE(current_setting('passport.pending_owners', true), ''), ' ');
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "item" SET "passportEpoch" = "passportEpoch" + 1 WHERE "id" IN (SELECT "itemId" FROM old_rows)
      AND "xmin" <> pg_current_xact_id()::xid AND NOT ("id"::text = ANY(pending));
  ELSE
    UPDATE "item" SET "passportEpoch" = "passportEpoch" + 1 WHERE "id" IN (SELECT "itemId" FROM new_rows)
      AND "xmin" <> pg_current_xact_id()::xid AND NOT ("id"::text = ANY(pending));
  END IF;
  RETURN NULL;
END $$;
