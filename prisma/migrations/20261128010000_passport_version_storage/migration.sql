-- A publication of a model's items stores every version in one statement; compressing each version's documents
-- (pglz, three levels of the passport and its AAS value-only form) was most of its time on the embedded database.
-- EXTERNAL keeps them out of line, uncompressed: more disk for a faster publication (docs/versions.md §What is frozen).
ALTER TABLE "passport_version" ALTER COLUMN "documents" SET STORAGE EXTERNAL;
