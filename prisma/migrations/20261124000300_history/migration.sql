-- History: one passport_change per write to a model's or an item's passport data, and one passport_change_value per
-- data value it added, modified or deleted, with the value before and after.

-- CreateEnum
CREATE TYPE "PassportOwnerKind" AS ENUM ('model', 'item');

-- CreateEnum
CREATE TYPE "ChangeVia" AS ENUM ('browser', 'api', 'cli');

-- CreateEnum
CREATE TYPE "ValueChangeKind" AS ENUM ('add', 'modify', 'delete', 'move');

-- CreateTable
CREATE TABLE "passport_change" (
    "id" BIGSERIAL NOT NULL,
    "organizationId" TEXT NOT NULL,
    "ownerKind" "PassportOwnerKind" NOT NULL,
    "modelId" UUID NOT NULL,
    "itemId" UUID,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "userId" TEXT,
    "apiKeyId" TEXT,
    "via" "ChangeVia" NOT NULL,
    "properties" JSONB,

    CONSTRAINT "passport_change_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "passport_change_value" (
    "changeId" BIGINT NOT NULL,
    "dataSectionId" UUID NOT NULL,
    "dataFieldId" UUID NOT NULL,
    "row" INTEGER NOT NULL,
    "kind" "ValueChangeKind" NOT NULL,
    "oldValue" TEXT,
    "newValue" TEXT,

    CONSTRAINT "passport_change_value_pkey" PRIMARY KEY ("changeId","dataSectionId","dataFieldId","row")
);

-- CreateIndex
CREATE INDEX "passport_change_modelId_ownerKind_id_idx" ON "passport_change"("modelId", "ownerKind", "id" DESC);

-- CreateIndex
CREATE INDEX "passport_change_itemId_id_idx" ON "passport_change"("itemId", "id" DESC);

-- AddForeignKey
ALTER TABLE "passport_change" ADD CONSTRAINT "passport_change_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "model"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "passport_change" ADD CONSTRAINT "passport_change_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "item"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "passport_change_value" ADD CONSTRAINT "passport_change_value_changeId_fkey" FOREIGN KEY ("changeId") REFERENCES "passport_change"("id") ON DELETE CASCADE ON UPDATE CASCADE;
