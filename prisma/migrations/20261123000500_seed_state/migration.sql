-- CreateTable
CREATE TABLE "_seed_state" (
    "name" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "_seed_state_pkey" PRIMARY KEY ("name")
);
