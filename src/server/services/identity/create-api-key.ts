import { AppError } from "~/domain/app-error";
import { API_KEY_START_LENGTH, generateApiKeyToken, hashApiKey } from "~/server/auth/api-key-token";
import { API_KEY_PREFIX } from "~/server/auth/api-key-token";
import type { Actor } from "~/domain/actor";
import { getConfig } from "~/server/config";
import { getDb } from "~/server/db/client";
import { assertMayDo, assertSignedIn } from "~/server/services/access";
import type { TApiKeyScope } from "~/domain/roles";

export type CreateApiKeyOptions = {
  /** The one organization the key acts on (and only while its user is a member of it). */
  organizationId: string;
  name?: string;
  expiresAt?: Date;
  /** What the key may do, capped by its user's role (docs/security.md, API key scopes); `write` when left out. */
  scope?: TApiKeyScope;
} & (
  | { /** A signed-in user creating a key of their own, for one of their organizations. */ actor: Actor }
  | { /** The operator CLI: a key of this user, for any existing organization. */ userId: string }
);

/**
 * Creates an API key. The plain token is in this result only; the database keeps its hash. Written here in one insert
 * rather than through better-auth's createApiKey, which cannot store the organization, and which deletes expired keys
 * (whose owners should see them listed as expired, and whose callers should be told so).
 */
export async function createApiKey(options: CreateApiKeyOptions) {
  const { organizationId, name, expiresAt, scope = "write" } = options;
  const db = getDb();
  if ("actor" in options) {
    assertSignedIn(options.actor, "Creating an API key");
    assertMayDo(options.actor, organizationId, "manageApiKeys");
  } else if (!(await db.organization.findUnique({ where: { id: organizationId }, select: { id: true } }))) {
    throw new AppError("NOT_FOUND", `No organization ${organizationId}.`);
  }
  const userId = "actor" in options ? options.actor.userId : options.userId;
  const token = generateApiKeyToken();
  const now = new Date();
  const limit = getConfig().API_KEY_RATE_LIMIT_PER_MINUTE;
  const created = await db.apikey.create({
    data: {
      id: crypto.randomUUID(),
      name: name ?? "API key",
      start: token.slice(0, API_KEY_START_LENGTH),
      prefix: API_KEY_PREFIX,
      key: hashApiKey(token),
      referenceId: userId,
      organizationId,
      scope,
      expiresAt: expiresAt ?? null,
      enabled: true,
      // The limit in force is the one stored on the key when it was made (README, "API keys").
      rateLimitEnabled: limit > 0,
      rateLimitMax: limit,
      rateLimitTimeWindow: 60_000,
      requestCount: 0,
      createdAt: now,
      updatedAt: now,
    },
    select: { id: true, name: true, start: true, createdAt: true, expiresAt: true, scope: true },
  });
  return {
    id: created.id,
    token,
    name: created.name,
    start: created.start,
    organizationId,
    scope,
    createdAt: created.createdAt,
    expiresAt: created.expiresAt?.toISOString() ?? null,
  };
}
