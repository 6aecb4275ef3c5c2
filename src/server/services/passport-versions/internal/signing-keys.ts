import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from "node:crypto";
import { calculateJwkThumbprint, exportJWK, type JWK } from "jose";
import { AppError } from "~/domain/app-error";
import { getConfig } from "~/server/config";
import type { Tx } from "~/server/db/transaction";

/**
 * The organizations' Ed25519 signing keys (docs/versions.md §Keys, docs/security.md §Signing keys). The private key
 * is stored only encrypted with AES-256-GCM under a key derived (HKDF-SHA-256) from BETTER_AUTH_SECRET, the secret
 * every app server already shares, with the key's kid as additional data so a ciphertext cannot be moved to another
 * key's row. It is decrypted in memory when signing and never answered or logged.
 */

export type SigningKey = { kid: string; privateKey: KeyObject };

const FORMAT = "v1";

function encryptionKey(): Buffer {
  const secret = getConfig().BETTER_AUTH_SECRET;
  if (!secret) {
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      "Publishing needs BETTER_AUTH_SECRET, which encrypts the signing keys (docs/security.md).",
    );
  }
  return Buffer.from(hkdfSync("sha256", secret, "passport-studio", "organization-signing-key aes-256-gcm v1", 32));
}

export function encryptPrivateKey(privateKey: KeyObject, kid: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  cipher.setAAD(Buffer.from(kid));
  const plain = privateKey.export({ format: "der", type: "pkcs8" });
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [FORMAT, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
}

export function decryptPrivateKey(stored: string, kid: string): KeyObject {
  const [format, iv, tag, sealed] = stored.split(".");
  if (format !== FORMAT || !iv || !tag || !sealed) throw new Error(`Signing key ${kid} is stored in an unknown form.`);
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(kid));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  const plain = Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]);
  return createPrivateKey({ key: plain, format: "der", type: "pkcs8" });
}

// Decrypted keys by kid, so a publication of 1,000 items decrypts once (on globalThis: Next may load this twice).
const globalForKeys = globalThis as unknown as { passportStudioSigningKeys?: Map<string, KeyObject> };
const decrypted = (globalForKeys.passportStudioSigningKeys ??= new Map<string, KeyObject>());

type KeyRow = { kid: string; privateKeyEncrypted: string };

/**
 * The current key, held FOR SHARE until the publication commits: a rotation waits for it (`retireSigningKeys`) and
 * dates the retirement after it, so no version is ever published after its key's retirement (docs/versions.md §Keys).
 */
async function currentKeyRow(tx: Tx, organizationId: string): Promise<KeyRow | undefined> {
  const [row] = await tx.$queryRaw<KeyRow[]>`
    SELECT "kid", "privateKeyEncrypted" FROM "organization_signing_key"
    WHERE "organizationId" = ${organizationId} AND "retiredAt" IS NULL
    ORDER BY "createdAt" DESC LIMIT 1 FOR SHARE`;
  return row;
}

/**
 * Retires the organization's current key: its row is locked first, which waits for every publication signing with
 * it, and only then is the retirement instant taken, so it is later than each of their `publishedAt`.
 */
export async function retireSigningKeys(tx: Tx, organizationId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "organization_signing_key" WHERE "organizationId" = ${organizationId} AND "retiredAt" IS NULL FOR UPDATE`;
  await tx.organizationSigningKey.updateMany({ where: { organizationId, retiredAt: null }, data: { retiredAt: new Date() } });
}

function signingKeyOf(row: KeyRow, organizationId: string): SigningKey {
  let privateKey = decrypted.get(row.kid);
  if (!privateKey) decrypted.set(row.kid, (privateKey = decryptOrExplain(row, organizationId)));
  return { kid: row.kid, privateKey };
}

/**
 * A key that does not decrypt was sealed under another BETTER_AUTH_SECRET (a restored database, a secret replaced,
 * app servers that do not share one): publishing is refused with what to do (docs/security.md §Signing keys), never
 * a 500, and never by making a key of its own accord — app servers with different secrets would then take turns
 * retiring each other's keys.
 */
function decryptOrExplain(row: KeyRow, organizationId: string): KeyObject {
  try {
    return decryptPrivateKey(row.privateKeyEncrypted, row.kid);
  } catch (error) {
    console.warn(`[signing-keys] the signing key ${row.kid} of organization ${organizationId} cannot be decrypted:`, String(error));
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      "This organization's signing key cannot be decrypted with this server's BETTER_AUTH_SECRET (it was made under " +
        "another one), so nothing was published. Restore the secret the key was made with, or have a member rotate " +
        `the signing key (POST /api/organizations/${organizationId}/signing-keys, signed in): ` +
        "the old key is retired and stays published, so what it signed still verifies (docs/security.md §Signing keys).",
    );
  }
}

/**
 * The organization's current key, made at its first publication. Two first publications at once must not make two
 * keys: the second waits on the organization's row and then finds the first one's key.
 */
export async function activeSigningKey(tx: Tx, organizationId: string): Promise<SigningKey> {
  const row = await currentKeyRow(tx, organizationId);
  if (row) return signingKeyOf(row, organizationId);
  await lockOrganization(tx, organizationId);
  const again = await currentKeyRow(tx, organizationId);
  return again ? signingKeyOf(again, organizationId) : createSigningKey(tx, organizationId);
}

export async function lockOrganization(tx: Tx, organizationId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "organization" WHERE "id" = ${organizationId} FOR UPDATE`;
}

/** A new Ed25519 key pair for the organization; its kid is the public JWK's RFC 7638 thumbprint. */
export async function createSigningKey(tx: Tx, organizationId: string): Promise<SigningKey> {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const publicJwk: JWK = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk, "sha256");
  await tx.organizationSigningKey.create({
    data: {
      kid,
      organizationId,
      publicJwk: { kty: publicJwk.kty, crv: publicJwk.crv, x: publicJwk.x } as Record<string, string>,
      privateKeyEncrypted: encryptPrivateKey(privateKey, kid),
    },
  });
  decrypted.set(kid, privateKey);
  return { kid, privateKey };
}
