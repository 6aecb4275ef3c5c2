-- A model's commodity code is shown in its passports and their DPP content (docs/registry.md): a change of its
-- registry settings advances the model's passport epoch like a change of its values (migration
-- 20261127003000_passport_epoch), whatever writes it.
CREATE TRIGGER "model_registry_passport_epoch_insert" AFTER INSERT ON "model_registry" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION passport_epoch_of_model_values();
CREATE TRIGGER "model_registry_passport_epoch_update" AFTER UPDATE ON "model_registry" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION passport_epoch_of_model_values();
CREATE TRIGGER "model_registry_passport_epoch_delete" AFTER DELETE ON "model_registry" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION passport_epoch_of_model_values();
