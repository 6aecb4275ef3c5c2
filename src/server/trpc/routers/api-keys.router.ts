import { ZApiKeyCreateInput, ZApiKeyRevokeInput } from "~/domain/identity-schemas";
import { createApiKey } from "~/server/services/identity/create-api-key";
import { listApiKeys } from "~/server/services/identity/list-api-keys";
import { revokeApiKey } from "~/server/services/identity/revoke-api-key";
import { protectedProcedure, router } from "~/server/trpc/trpc";

/** The caller's own API keys, each acting on one of their organizations. Signed-in sessions only (the services say so). */
export const apiKeysRouter = router({
  list: protectedProcedure.query(async ({ ctx }) => {
    return await listApiKeys({ actor: ctx.actor });
  }),
  // The only answer that ever carries the plain token.
  create: protectedProcedure.input(ZApiKeyCreateInput).mutation(async ({ ctx, input }) => {
    return await createApiKey({ actor: ctx.actor, ...input });
  }),
  revoke: protectedProcedure.input(ZApiKeyRevokeInput).mutation(async ({ ctx, input }) => {
    return await revokeApiKey({ id: input.id, actor: ctx.actor });
  }),
});
