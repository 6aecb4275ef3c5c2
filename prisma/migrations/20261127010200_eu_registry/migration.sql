-- EU DPP registry settings (docs/versions.md §EU registry): the organization's economic operator identifier (EORI,
-- LEI …) and the base URL of its backup copy; a model's commodity code (HS/CN/TARIC) and facility identifiers (GLNs).
ALTER TABLE "organization" ADD COLUMN "economicOperatorId" TEXT;
ALTER TABLE "organization" ADD COLUMN "backupBaseUrl" TEXT;
ALTER TABLE "model" ADD COLUMN "commodityCode" TEXT;
ALTER TABLE "model" ADD COLUMN "facilityIds" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
