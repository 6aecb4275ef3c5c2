-- CreateTable
CREATE TABLE "rate_limit_counter" (
    "key" TEXT NOT NULL,
    "windowEndsAt" BIGINT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "rate_limit_counter_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "rate_limit_counter_windowEndsAt_idx" ON "rate_limit_counter"("windowEndsAt");
