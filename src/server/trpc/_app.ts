import { apiKeysRouter } from "~/server/trpc/routers/api-keys.router";
import { organizationsRouter } from "~/server/trpc/routers/organizations.router";
import { router } from "~/server/trpc/trpc";

export const appRouter = router({
  organizations: organizationsRouter,
  apiKeys: apiKeysRouter,
});

export type AppRouter = typeof appRouter;
