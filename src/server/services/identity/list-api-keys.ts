import { getDb } from "~/server/db/client";

export type ListApiKeysOptions = { userId: string };

/** A user's keys as the key list shows them: never the key or its hash. */
export async function listApiKeys({ userId }: ListApiKeysOptions) {
  const keys = await getDb().apikey.findMany({
    where: { referenceId: userId },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, start: true, createdAt: true, lastRequest: true, enabled: true, updatedAt: true },
  });
  return keys.map((key) => ({
    id: key.id,
    name: key.name,
    prefix: key.start,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastRequest?.toISOString() ?? null,
    revokedAt: key.enabled === false ? key.updatedAt.toISOString() : null,
  }));
}
