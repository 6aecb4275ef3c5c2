import type { Actor } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { ZApiKeyScope } from "~/domain/roles";
import { assertSignedIn } from "~/server/services/access";

export type ListApiKeysOptions = { actor: Actor };

/** The caller's keys as the key list shows them: never the key or its hash. */
export async function listApiKeys({ actor }: ListApiKeysOptions) {
  assertSignedIn(actor, "Listing API keys");
  const keys = await getDb().apikey.findMany({
    where: { referenceId: actor.userId },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      name: true,
      start: true,
      createdAt: true,
      lastRequest: true,
      expiresAt: true,
      revokedAt: true,
      scope: true,
      organization: { select: { id: true, name: true } },
    },
  });
  return keys.map((key) => ({
    id: key.id,
    name: key.name,
    prefix: key.start,
    // null: a key made before keys were scoped, acting on all the user's organizations.
    organization: key.organization,
    scope: ZApiKeyScope.parse(key.scope),
    createdAt: key.createdAt.toISOString(),
    expiresAt: key.expiresAt?.toISOString() ?? null,
    lastUsedAt: key.lastRequest?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  }));
}
