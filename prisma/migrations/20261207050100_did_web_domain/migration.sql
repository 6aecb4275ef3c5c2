-- The domain an organization signs its passport versions under, did:web:{domain} (docs/versions.md §Signing
-- identity): its DID document is served at /.well-known/did.json to requests whose Host is that domain, so a domain
-- belongs to one organization at most.
ALTER TABLE "organization" ADD COLUMN "didWebDomain" TEXT;
CREATE UNIQUE INDEX "organization_didWebDomain_key" ON "organization"("didWebDomain");
