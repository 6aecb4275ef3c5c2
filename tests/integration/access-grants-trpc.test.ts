import { beforeAll, expect, it } from "vitest";
import { readPassport } from "~/server/services/passports/read-passport";
import { appRouter } from "~/server/trpc/_app";
import { createCallerFactory } from "~/server/trpc/trpc";
import { postModel } from "./support/actors";
import { createWorld, type World } from "./support/world";

/** The access-grant procedures the model page's panel uses: the same services as REST. */

let world: World;
let other: World;
beforeAll(async () => {
  world = await createWorld("grants-trpc");
  other = await createWorld("grants-trpc-other");
});

it("creates, lists, reads and revokes grants through tRPC; another organization's caller is refused", async () => {
  const caller = createCallerFactory(appRouter)({ headers: new Headers(), actor: world.actor });
  const model = await postModel(world);
  const target = { organizationId: world.organization.id, modelId: model.id };
  const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
  const grant = await caller.accessGrants.create({ ...target, grant: { level: "authority", partyName: "Surveillance", expiresAt } });
  const uuid = model.uniqueProductIdentifiers[0]?.uuid ?? "";
  expect(grant.link).toBe(`/p/${uuid}?grant=${encodeURIComponent(grant.token)}`);
  expect((await readPassport({ uuid, actor: null, grantToken: grant.token })).readerLevel).toBe("authority");
  expect(await caller.accessGrants.list(target)).toEqual([expect.objectContaining({ id: grant.id, readCount: 1, isActive: true })]);
  expect(await caller.accessGrants.reads({ ...target, grantId: grant.id })).toEqual([
    // Named as the reads list shows them (the model's name for its passport), never as a bare uuid.
    { readAt: expect.any(String), passportUuid: uuid, passportName: model.name },
  ]);
  expect(await caller.accessGrants.revoke({ ...target, grantId: grant.id })).toMatchObject({ isActive: false });
  expect((await readPassport({ uuid, actor: null, grantToken: grant.token })).readerLevel).toBe("public");
  const stranger = createCallerFactory(appRouter)({ headers: new Headers(), actor: other.actor });
  await expect(stranger.accessGrants.list(target)).rejects.toMatchObject({ code: "FORBIDDEN" });
});
