import { ZModelInput, ZOrgInput, ZPublishItemVersionInput, ZPublishModelVersionInput } from "~/domain/procedure-inputs";
import { listSigningKeys } from "~/server/services/passport-versions/list-signing-keys";
import { publishItemVersions } from "~/server/services/passport-versions/publish-item-versions";
import { publishPassportVersion } from "~/server/services/passport-versions/publish-passport-version";
import { rotateSigningKey } from "~/server/services/passport-versions/rotate-signing-key";
import { protectedProcedure, router } from "~/server/trpc/trpc";

/** Publishing passport versions and the organization's signing keys (docs/versions.md); the same services as REST. */
export const passportVersionsRouter = router({
  publishModel: protectedProcedure.input(ZPublishModelVersionInput).mutation(async ({ ctx, input }) => {
    const owner = { kind: "model", id: input.modelId } as const;
    return await publishPassportVersion({ actor: ctx.actor, organizationId: input.organizationId, owner, ifMatch: input.ifMatch });
  }),
  publishItem: protectedProcedure.input(ZPublishItemVersionInput).mutation(async ({ ctx, input }) => {
    const owner = { kind: "item", id: input.itemId, modelId: input.modelId } as const;
    return await publishPassportVersion({ actor: ctx.actor, organizationId: input.organizationId, owner, ifMatch: input.ifMatch });
  }),
  publishItems: protectedProcedure.input(ZModelInput).mutation(async ({ ctx, input }) => {
    return await publishItemVersions({ actor: ctx.actor, ...input });
  }),
  signingKeys: protectedProcedure.input(ZOrgInput).query(async ({ ctx, input }) => {
    return await listSigningKeys({ actor: ctx.actor, ...input });
  }),
  rotateSigningKey: protectedProcedure.input(ZOrgInput).mutation(async ({ ctx, input }) => {
    return await rotateSigningKey({ actor: ctx.actor, ...input });
  }),
});
