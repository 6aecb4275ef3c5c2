-- API keys are scoped to one organization (null: a key made before, acting on all the user's organizations),
-- and revocation gets its own column so that re-enabling a key cannot undo it.
ALTER TABLE "apikey" ADD COLUMN "organizationId" TEXT,
ADD COLUMN "revokedAt" TIMESTAMP(3);

-- Keys revoked before this migration were disabled, with the revocation time in "updatedAt".
UPDATE "apikey" SET "revokedAt" = "updatedAt" WHERE "enabled" = false;

-- CreateIndex
CREATE INDEX "apikey_organizationId_idx" ON "apikey"("organizationId");

-- AddForeignKey
ALTER TABLE "apikey" ADD CONSTRAINT "apikey_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
