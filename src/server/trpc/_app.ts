import { accountRouter } from "~/server/trpc/routers/account.router";
import { accessGrantsRouter } from "~/server/trpc/routers/access-grants.router";
import { apiKeysRouter } from "~/server/trpc/routers/api-keys.router";
import { organizationsRouter } from "~/server/trpc/routers/organizations.router";
import { dataValuesRouter } from "~/server/trpc/routers/data-values.router";
import { historyRouter } from "~/server/trpc/routers/history.router";
import { invitationsRouter } from "~/server/trpc/routers/invitations.router";
import { itemsRouter } from "~/server/trpc/routers/items.router";
import { modelUpgradesRouter } from "~/server/trpc/routers/model-upgrades.router";
import { partnerGrantsRouter } from "~/server/trpc/routers/partner-grants.router";
import { passportVersionsRouter } from "~/server/trpc/routers/passport-versions.router";
import { modelsRouter } from "~/server/trpc/routers/models.router";
import { productDataModelsRouter } from "~/server/trpc/routers/product-data-models.router";
import { templateDraftsRouter } from "~/server/trpc/routers/template-drafts.router";
import { templatesRouter } from "~/server/trpc/routers/templates.router";
import { router } from "~/server/trpc/trpc";

export const appRouter = router({
  organizations: organizationsRouter,
  invitations: invitationsRouter,
  apiKeys: apiKeysRouter,
  account: accountRouter,
  templates: templatesRouter,
  templateDrafts: templateDraftsRouter,
  productDataModels: productDataModelsRouter,
  models: modelsRouter,
  modelUpgrades: modelUpgradesRouter,
  dataValues: dataValuesRouter,
  items: itemsRouter,
  history: historyRouter,
  accessGrants: accessGrantsRouter,
  partnerGrants: partnerGrantsRouter,
  passportVersions: passportVersionsRouter,
});

export type AppRouter = typeof appRouter;
