import { getDb } from "~/server/db/client";
import { generateGrantToken, hashGrantToken } from "~/server/services/access-grants/internal/grant-token";
import type { World } from "./world";

/** An access grant row of the world's organization on a model, as the grants service makes it; answers its secret. */
export async function grantToken(world: World, modelId: string, level: "legitimate-interest" | "authority"): Promise<string> {
  const token = generateGrantToken();
  await getDb().accessGrant.create({
    data: {
      id: crypto.randomUUID(),
      organizationId: world.organization.id,
      modelId,
      level,
      partyName: "Authority",
      expiresAt: new Date(Date.now() + 86_400_000),
      tokenHash: hashGrantToken(token),
      createdBy: world.user.id,
    },
  });
  return token;
}
