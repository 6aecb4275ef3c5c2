import { ZApiKeyCreateInput, ZApiKeyRevokeInput } from "~/domain/identity-schemas";
import { createApiKey } from "~/server/services/identity/create-api-key";
import { listApiKeys } from "~/server/services/identity/list-api-keys";
import { revokeApiKey } from "~/server/services/identity/revoke-api-key";
import { protectedProcedure, router } from "~/server/trpc/trpc";

/** The caller's own API keys: a key belongs to a user and acts with that user's memberships. */
export const apiKeysRouter = router({
  list: protectedProcedure.query(async ({ ctx }) => {
    return await listApiKeys({ userId: ctx.actor.userId });
  }),
  // The only answer that ever carries the plain token.
  create: protectedProcedure.input(ZApiKeyCreateInput).mutation(async ({ ctx, input }) => {
    return await createApiKey({ userId: ctx.actor.userId, name: input.name });
  }),
  revoke: protectedProcedure.input(ZApiKeyRevokeInput).mutation(async ({ ctx, input }) => {
    return await revokeApiKey({ id: input.id, userId: ctx.actor.userId });
  }),
});
