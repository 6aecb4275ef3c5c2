-- CreateTable
CREATE TABLE "sign_in_attempt" (
    "emailHash" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sign_in_attempt_pkey" PRIMARY KEY ("emailHash")
);

-- CreateIndex
CREATE INDEX "sign_in_attempt_windowStart_idx" ON "sign_in_attempt"("windowStart");
