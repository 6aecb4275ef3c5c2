-- GS1 company prefixes an operator verified as an organization's: the public resolver follows a GTIN only to the
-- organization whose prefix covers it, so another organization that registers the GTIN first does not capture its
-- scans (docs/gs1.md). A model's GTIN is therefore unique per organization, not in the whole installation.

-- CreateTable
CREATE TABLE "gs1_company_prefix" (
    "prefix" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "verifiedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "gs1_company_prefix_pkey" PRIMARY KEY ("prefix")
);

-- CreateIndex
CREATE INDEX "gs1_company_prefix_organizationId_idx" ON "gs1_company_prefix"("organizationId");

-- AddForeignKey
ALTER TABLE "gs1_company_prefix" ADD CONSTRAINT "gs1_company_prefix_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A model's GTIN: unique per organization; the resolver looks it up across organizations.
DROP INDEX "model_gtin_key";
CREATE UNIQUE INDEX "model_organizationId_gtin_key" ON "model"("organizationId", "gtin");
CREATE INDEX "model_gtin_idx" ON "model"("gtin");
