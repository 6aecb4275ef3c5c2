-- The chain of a passport's versions moves to the full content (docs/versions.md §Hash and chain): per level, the
-- hash the next version's credential names as its previousHash. Null for the versions published before: their
-- chain is their level hashes, kept here when a cut of theirs is re-issued (an access level raised later).
ALTER TABLE "passport_version" ADD COLUMN "chainHashes" JSONB;
