-- The version of the set of published signing keys (docs/versions.md §Keys): one row, advanced in the same
-- transaction as every change of what the JWKS lists — a key made, retired or removed, or an organization's did:web
-- domain changed (its keys' DID URLs). /.well-known/jwks.json reads this one row and answers from the app's copy of
-- the document while the version is unchanged, so a request never reads the keys of every organization, and a
-- rotation on one app server is seen by every other on its next request.
CREATE TABLE "signing_key_set" (
  "id" INTEGER NOT NULL,
  "version" BIGINT NOT NULL DEFAULT 0,
  CONSTRAINT "signing_key_set_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "signing_key_set_one_row" CHECK ("id" = 1)
);
INSERT INTO "signing_key_set" ("id", "version") VALUES (1, 0);

CREATE FUNCTION "signing_key_set_advance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "signing_key_set" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;

-- Per statement: a bulk change advances the version once.
CREATE TRIGGER "signing_key_set_on_key_change"
  AFTER INSERT OR UPDATE OR DELETE ON "organization_signing_key"
  FOR EACH STATEMENT EXECUTE FUNCTION "signing_key_set_advance"();

CREATE TRIGGER "signing_key_set_on_domain_change"
  AFTER UPDATE OF "didWebDomain" ON "organization"
  FOR EACH ROW WHEN (OLD."didWebDomain" IS DISTINCT FROM NEW."didWebDomain")
  EXECUTE FUNCTION "signing_key_set_advance"();

-- Every key in the order the JWKS lists them, read by index when the version moved.
CREATE INDEX "organization_signing_key_createdAt_idx" ON "organization_signing_key"("createdAt");
