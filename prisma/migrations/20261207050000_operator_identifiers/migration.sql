-- An organization's typed operator identifiers (docs/registry.md §Operator identifiers): a list of
-- {role, scheme, value, name?, contact?}, each checked by src/domain/operator-identifiers.ts before it is stored. A
-- publication freezes the list into its versions' DPP header (passport_version."dppHeader"), so nothing here is read
-- by a published version later.
ALTER TABLE "organization_registry" ADD COLUMN "operatorIdentifiers" JSONB NOT NULL DEFAULT '[]';
