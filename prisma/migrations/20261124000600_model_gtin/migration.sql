-- A model's own GTIN, as GTIN-14: `/01/{gtin}` resolves to this model before any item's key (docs/gs1.md). The
-- resolver is global, so a GTIN names one model across the whole installation, not one per organization.
ALTER TABLE "model" ADD COLUMN "gtin" TEXT;

CREATE UNIQUE INDEX "model_gtin_key" ON "model"("gtin");
