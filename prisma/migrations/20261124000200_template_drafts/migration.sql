-- Template drafts, and versions of templates: every template belongs to a lineage (the versions of one template),
-- within which its version label is unique. Existing templates, and templates imported or copied later without a
-- lineage, each start their own. A product data model published from a draft names the template it was published with.

-- AlterTable
ALTER TABLE "template" ADD COLUMN "lineageId" UUID NOT NULL DEFAULT gen_random_uuid();

-- CreateIndex
CREATE UNIQUE INDEX "template_lineageId_version_key" ON "template"("lineageId", "version");

-- AlterTable
ALTER TABLE "product_data_model" ADD COLUMN "templateId" UUID;

-- AddForeignKey
ALTER TABLE "product_data_model" ADD CONSTRAINT "product_data_model_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "template"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "template_draft" (
    "id" UUID NOT NULL,
    "organizationId" TEXT NOT NULL,
    "lineageId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "document" JSONB NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdByUserId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "template_draft_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "template_draft_organizationId_updatedAt_idx" ON "template_draft"("organizationId", "updatedAt");

-- AddForeignKey
ALTER TABLE "template_draft" ADD CONSTRAINT "template_draft_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
