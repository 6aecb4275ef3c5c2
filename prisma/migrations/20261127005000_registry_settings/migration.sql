-- What the EU DPP registry needs that a passport does not carry (docs/registry.md): the organization's economic
-- operator identifier and backup base URL, a model's commodity code and facilities. Rows exist once set.
CREATE TABLE "organization_registry" (
    "organizationId" TEXT NOT NULL,
    "economicOperatorId" TEXT,
    "backupBaseUrl" TEXT,
    CONSTRAINT "organization_registry_pkey" PRIMARY KEY ("organizationId")
);

CREATE TABLE "model_registry" (
    "modelId" UUID NOT NULL,
    "commodityCode" TEXT,
    "facilityIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    CONSTRAINT "model_registry_pkey" PRIMARY KEY ("modelId")
);

ALTER TABLE "organization_registry" ADD CONSTRAINT "organization_registry_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "model_registry" ADD CONSTRAINT "model_registry_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "model"("id") ON DELETE CASCADE ON UPDATE CASCADE;
