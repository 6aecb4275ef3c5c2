import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ZAuthSecret } from "~/server/config";

/**
 * The auth secret `npm start` hands the app (docs/security.md §Signing keys): BETTER_AUTH_SECRET when given, else
 * DATA_DIR/auth-secret, made on the first start. A secret the app could not use (too short, damaged) stops the start
 * with a message instead of answering 500 to every request; a secret made anew is a warning, since sessions and
 * signing keys sealed under an earlier one no longer open.
 */
export class UnusableAuthSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnusableAuthSecretError";
  }
}

export type AuthSecretOptions = {
  dataDir: string;
  /** BETTER_AUTH_SECRET as given (checked by the configuration's own rule). */
  given: string | undefined;
  /** How many signing keys the database holds: with any, a secret made anew cannot open them. */
  signingKeyCount: number;
  warn: (message: string) => void;
};

export function readOrCreateAuthSecret({ dataDir, given, signingKeyCount, warn }: AuthSecretOptions): string {
  if (given !== undefined && given !== "") return given;
  const file = path.join(dataDir, "auth-secret");
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
    const keys =
      signingKeyCount > 0
        ? ` The database holds ${signingKeyCount} signing key(s) sealed under an earlier secret: publishing answers 503 ` +
          "until the secret is restored (put it back in that file) or each organization rotates its key."
        : "";
    warn(
      `Warning: no BETTER_AUTH_SECRET was given and ${file} did not exist, so a new auth secret was generated there.` +
        `${keys} Back this file up with the database, or set BETTER_AUTH_SECRET (docs/security.md §Signing keys).`,
    );
  }
  const secret = readFileSync(file, "utf8").trim();
  const checked = ZAuthSecret.safeParse(secret);
  if (!checked.success) {
    const reason = checked.error.issues.map((issue) => issue.message).join("; ");
    throw new UnusableAuthSecretError(
      `The auth secret in ${file} cannot be used (it ${reason}). Restore the file from a backup, or set ` +
        "BETTER_AUTH_SECRET to the secret this database was used with. Deleting the file makes a new secret: " +
        "everyone is signed out, and organizations must rotate their signing keys before they publish again " +
        "(docs/security.md §Signing keys).",
    );
  }
  return secret;
}
