import { getAuth } from "~/server/auth/auth";

export type CreateApiKeyOptions = { userId: string; name?: string };

/** Creates an API key for a user. The plain token is in this result only; the database keeps its hash. */
export async function createApiKey({ userId, name }: CreateApiKeyOptions) {
  const created = await getAuth().api.createApiKey({ body: { userId, name: name ?? "API key" } });
  return { id: created.id, token: created.key, name: created.name, start: created.start, createdAt: created.createdAt };
}
