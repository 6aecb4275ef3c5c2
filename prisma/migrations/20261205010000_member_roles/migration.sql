-- Roles (docs/security.md, Roles): every member today reads and writes everything, so every existing member
-- becomes an owner; members added from now on are editors unless told otherwise.
UPDATE "member" SET "role" = 'owner';
ALTER TABLE "member" ALTER COLUMN "role" SET DEFAULT 'editor';

-- A suspended member stays listed (with their role) but acts on nothing, and their sessions and keys are ended.
ALTER TABLE "member" ADD COLUMN "suspendedAt" TIMESTAMP(3);

-- An API key's scope; 'write' is what every key could do before scopes.
ALTER TABLE "apikey" ADD COLUMN "scope" TEXT NOT NULL DEFAULT 'write';

-- Open invitations made members without a role; they now make editors, like every new member.
UPDATE "invitation" SET "role" = 'editor' WHERE "role" = 'member';
