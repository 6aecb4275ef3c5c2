-- Items (physical products of a model) with their own data values and identifiers; identifier values become
-- unique per organization instead of globally, and an item's identifiers are retired rather than deleted.

-- CreateTable
CREATE TABLE "item" (
    "id" UUID NOT NULL,
    "organizationId" TEXT NOT NULL,
    "modelId" UUID NOT NULL,
    "templateId" UUID NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "item_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "item_data_value" (
    "itemId" UUID NOT NULL,
    "dataSectionId" UUID NOT NULL,
    "dataFieldId" UUID NOT NULL,
    "row" INTEGER NOT NULL,
    "value" TEXT,

    CONSTRAINT "item_data_value_pkey" PRIMARY KEY ("itemId","dataSectionId","dataFieldId","row")
);

-- Existing identifiers all name models: their organization is their model's.
ALTER TABLE "unique_product_identifier" ADD COLUMN "organizationId" TEXT;
UPDATE "unique_product_identifier" AS u SET "organizationId" = m."organizationId" FROM "model" AS m WHERE m."id" = u."modelId";
ALTER TABLE "unique_product_identifier" ALTER COLUMN "organizationId" SET NOT NULL;
ALTER TABLE "unique_product_identifier" ALTER COLUMN "modelId" DROP NOT NULL;
ALTER TABLE "unique_product_identifier" ADD COLUMN "itemId" UUID;
ALTER TABLE "unique_product_identifier" ADD COLUMN "retiredAt" TIMESTAMP(3);

DROP INDEX "unique_product_identifier_value_key";

-- CreateIndex
CREATE UNIQUE INDEX "unique_product_identifier_organizationId_value_key" ON "unique_product_identifier"("organizationId", "value");

-- CreateIndex
CREATE INDEX "unique_product_identifier_itemId_idx" ON "unique_product_identifier"("itemId");

-- CreateIndex
CREATE INDEX "item_modelId_createdAt_id_idx" ON "item"("modelId", "createdAt" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "item" ADD CONSTRAINT "item_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "item" ADD CONSTRAINT "item_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "model"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "item" ADD CONSTRAINT "item_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "template"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "item_data_value" ADD CONSTRAINT "item_data_value_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "item"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "unique_product_identifier" ADD CONSTRAINT "unique_product_identifier_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "unique_product_identifier" ADD CONSTRAINT "unique_product_identifier_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "item"("id") ON DELETE SET NULL ON UPDATE CASCADE;
