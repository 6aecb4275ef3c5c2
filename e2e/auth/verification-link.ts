import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The path of an account's verification link, built here as the server builds it
 * (src/server/auth/email-verification-token.ts) with the secret the e2e server generated into its data directory,
 * since the test server has no mail server.
 */
export function verificationLink(userId: string, email: string): string {
  const secret = readFileSync(path.join(process.env.E2E_DATA_DIR ?? "", "auth-secret"), "utf8").trim();
  const payload = Buffer.from(JSON.stringify({ u: userId, e: email.toLowerCase(), x: Date.now() + 3_600_000 })).toString("base64url");
  const signature = createHmac("sha256", secret).update(`email-verification:${payload}`).digest("base64url");
  return `/verify-email?token=${encodeURIComponent(`${payload}.${signature}`)}`;
}
