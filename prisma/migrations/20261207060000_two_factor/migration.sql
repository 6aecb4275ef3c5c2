-- Two-factor sign-in (docs/security.md §Two-factor): better-auth's twoFactor plugin keeps a flag on the user and one
-- row per user with the encrypted TOTP secret and backup codes, and counts failed codes for its account lockout.
ALTER TABLE "user" ADD COLUMN "twoFactorEnabled" BOOLEAN DEFAULT false;

CREATE TABLE "two_factor" (
    "id" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "backupCodes" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "verified" BOOLEAN DEFAULT true,
    "failedVerificationCount" INTEGER DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),

    CONSTRAINT "two_factor_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "two_factor_userId_idx" ON "two_factor"("userId");

ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An organization may require its members to sign in with a second factor before they act on it.
ALTER TABLE "organization" ADD COLUMN "requireTwoFactor" BOOLEAN NOT NULL DEFAULT false;
