-- A model's setting (docs/readings.md §Status snapshots): a change of an item's status (a field with the option
-- `snapshot`) publishes the item's next passport version, whichever write made it. Off for existing models: until now
-- only a readings request with `?publish=true` published on a status change.
ALTER TABLE "model" ADD COLUMN "publishOnStatusChange" BOOLEAN NOT NULL DEFAULT false;
