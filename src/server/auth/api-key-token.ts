import "server-only";
import { createHash } from "node:crypto";
import { generateRandomString } from "better-auth/crypto";

/**
 * The form of our API keys and of their stored hash. Both are better-auth's (@better-auth/api-key: the prefix and 64
 * letters; SHA-256 of the key, base64url without padding), so keys made by better-auth before keep verifying.
 */

/** Every key starts with it, so a leaked key is recognisable (secret scanners) and told from a session token. */
export const API_KEY_PREFIX = "ps_";

/** Characters of a key kept in plain text (`start`), enough for a person to recognise it in the key list. */
export const API_KEY_START_LENGTH = 8;

export function generateApiKeyToken(): string {
  return `${API_KEY_PREFIX}${generateRandomString(64, "a-z", "A-Z")}`;
}

/** What the `key` column holds. Node's base64url has no padding, as better-auth's hasher. */
export function hashApiKey(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("base64url");
}
