import { apiKeysRouter } from "~/server/trpc/routers/api-keys.router";
import { organizationsRouter } from "~/server/trpc/routers/organizations.router";
import { dataValuesRouter } from "~/server/trpc/routers/data-values.router";
import { invitationsRouter } from "~/server/trpc/routers/invitations.router";
import { itemsRouter } from "~/server/trpc/routers/items.router";
import { modelsRouter } from "~/server/trpc/routers/models.router";
import { productDataModelsRouter } from "~/server/trpc/routers/product-data-models.router";
import { templatesRouter } from "~/server/trpc/routers/templates.router";
import { router } from "~/server/trpc/trpc";

export const appRouter = router({
  organizations: organizationsRouter,
  invitations: invitationsRouter,
  apiKeys: apiKeysRouter,
  templates: templatesRouter,
  productDataModels: productDataModelsRouter,
  models: modelsRouter,
  dataValues: dataValuesRouter,
  items: itemsRouter,
});

export type AppRouter = typeof appRouter;
