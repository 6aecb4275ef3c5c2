-- Access grants: a named party's secret link to the restricted fields of a model's passports (or one passport), and
-- the record of every read through one.

-- CreateTable
CREATE TABLE "access_grant" (
    "id" UUID NOT NULL,
    "organizationId" TEXT NOT NULL,
    "modelId" UUID NOT NULL,
    "passportUuid" UUID,
    "level" TEXT NOT NULL,
    "partyName" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "access_grant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "access_grant_read" (
    "id" UUID NOT NULL,
    "grantId" UUID NOT NULL,
    "passportUuid" UUID NOT NULL,
    "readAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "access_grant_read_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "access_grant_tokenHash_key" ON "access_grant"("tokenHash");

-- CreateIndex
CREATE INDEX "access_grant_modelId_createdAt_idx" ON "access_grant"("modelId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "access_grant_read_grantId_readAt_idx" ON "access_grant_read"("grantId", "readAt" DESC);

-- AddForeignKey
ALTER TABLE "access_grant" ADD CONSTRAINT "access_grant_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "access_grant" ADD CONSTRAINT "access_grant_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "model"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "access_grant_read" ADD CONSTRAINT "access_grant_read_grantId_fkey" FOREIGN KEY ("grantId") REFERENCES "access_grant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
