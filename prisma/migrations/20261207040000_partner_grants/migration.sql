-- Partner grants: another organization's write access to chosen top-level sections of a model and its items, and
-- the writing organization of each history entry a partner's member wrote (docs/partners.md).

-- CreateTable
CREATE TABLE "partner_grant" (
    "id" UUID NOT NULL,
    "organizationId" TEXT NOT NULL,
    "modelId" UUID NOT NULL,
    "partnerOrganizationId" TEXT NOT NULL,
    "sectionIds" UUID[],
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" TIMESTAMP(3),
    "endedBy" TEXT,

    CONSTRAINT "partner_grant_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "partner_grant_modelId_createdAt_idx" ON "partner_grant"("modelId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "partner_grant_partnerOrganizationId_modelId_idx" ON "partner_grant"("partnerOrganizationId", "modelId");

-- AddForeignKey
ALTER TABLE "partner_grant" ADD CONSTRAINT "partner_grant_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "partner_grant" ADD CONSTRAINT "partner_grant_partnerOrganizationId_fkey" FOREIGN KEY ("partnerOrganizationId") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "partner_grant" ADD CONSTRAINT "partner_grant_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "model"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "passport_change" ADD COLUMN "writerOrganizationId" TEXT;
