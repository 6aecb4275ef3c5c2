-- An item's values bump its passport epoch at their first statement again, as migration 20261127003000_passport_epoch
-- had it. Migration 20261208030000_deferred_owner_epoch taught this trigger to leave an owner named in
-- `passport.pending_owners` to the write's last statement, but only a model's write shares its owner (the `values`
-- lock, `isShared` in src/server/services/data-values/apply-data-changes.ts): no item write names itself there, so
-- the skip never fired and each item value statement parsed the setting for nothing. Should item writes share their
-- owner one day, the skip comes back with them. The model's function keeps it.
CREATE OR REPLACE FUNCTION passport_epoch_of_item_values() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "item" SET "passportEpoch" = "passportEpoch" + 1 WHERE "id" IN (SELECT "itemId" FROM old_rows) AND "xmin" <> pg_current_xact_id()::xid;
  ELSE
    UPDATE "item" SET "passportEpoch" = "passportEpoch" + 1 WHERE "id" IN (SELECT "itemId" FROM new_rows) AND "xmin" <> pg_current_xact_id()::xid;
  END IF;
  RETURN NULL;
END $$;
