-- Published passport versions (docs/versions.md): frozen per access level, hashed (RFC 8785, SHA-256), chained by
-- previousHash and signed (compact JWS, EdDSA) with the organization's key. No foreign key to model or item: the
-- versions of a deleted passport stay readable, marked withdrawn, for the organization's retention period.

-- CreateTable
CREATE TABLE "passport_version" (
    "id" UUID NOT NULL,
    "organizationId" TEXT NOT NULL,
    "ownerKind" TEXT NOT NULL,
    "ownerId" UUID NOT NULL,
    "modelId" UUID NOT NULL,
    "passportUuid" UUID NOT NULL,
    "n" INTEGER NOT NULL,
    "publishedAt" TIMESTAMP(3) NOT NULL,
    "publishedBy" TEXT NOT NULL,
    "documents" JSONB NOT NULL,
    "hashes" JSONB NOT NULL,
    "hash" TEXT NOT NULL,
    "previousHash" TEXT,
    "jws" JSONB NOT NULL,
    "withdrawnAt" TIMESTAMP(3),

    CONSTRAINT "passport_version_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "organization_signing_key" (
    "kid" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "publicJwk" JSONB NOT NULL,
    "privateKeyEncrypted" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retiredAt" TIMESTAMP(3),

    CONSTRAINT "organization_signing_key_pkey" PRIMARY KEY ("kid")
);

-- CreateIndex
CREATE UNIQUE INDEX "passport_version_ownerId_n_key" ON "passport_version"("ownerId", "n");
CREATE INDEX "passport_version_modelId_idx" ON "passport_version"("modelId");
CREATE INDEX "passport_version_passportUuid_idx" ON "passport_version"("passportUuid");
CREATE INDEX "organization_signing_key_organizationId_idx" ON "organization_signing_key"("organizationId");

-- AddForeignKey
ALTER TABLE "passport_version" ADD CONSTRAINT "passport_version_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "organization_signing_key" ADD CONSTRAINT "organization_signing_key_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
