-- CreateTable
CREATE TABLE "_seed_state" (
    "name" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "_seed_state_pkey" PRIMARY KEY ("name")
);

-- A database seeded by an earlier version counts as seeded: `seed` then adds only missing pieces, keeping its key.
INSERT INTO "_seed_state" ("name", "completedAt")
SELECT 'demo', CURRENT_TIMESTAMP WHERE EXISTS (SELECT 1 FROM "user" WHERE "email" = 'demo@passport.studio');
