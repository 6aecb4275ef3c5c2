import { OPERATOR, type Actor } from "~/domain/actor";
import { createApiKey } from "~/server/services/identity/create-api-key";
import { createOrganization } from "~/server/services/identity/create-organization";
import { createUser } from "~/server/services/identity/create-user";
import { updateOrganization } from "~/server/services/identity/update-organization";
import { importProductDataModel } from "~/server/services/product-data-models/import-product-data-model";
import { importTemplate } from "~/server/services/templates/import-template";
import { fixtureTemplate, fixtureTemplateMultilingual } from "./fixture-template";

/** A user with an organization, an API key and the fixture template: what most tests start from. */
export async function createWorld(label = "org") {
  const email = `${label}-${crypto.randomUUID()}@test.example`;
  const user = await createUser({ email, password: "correct-horse-battery" });
  const organization = await createOrganization({ actor: OPERATOR, name: `${label} ${email}`, ownerUserId: user.id });
  // An owner's admin key: the most a key can do (docs/security.md, API key scopes), what most tests call the API with.
  const key = await createApiKey({ userId: user.id, organizationId: organization.id, name: "test", scope: "admin" });
  const template = await importTemplate({
    organizationId: organization.id,
    createdByUserId: user.id,
    definition: fixtureTemplate(),
  });
  const actor: Actor = {
    userId: user.id,
    organizationIds: [organization.id],
    roles: { [organization.id]: "owner" as const },
    via: "apiKey",
    apiKeyId: key.id,
    scope: "admin",
  };
  return { user, organization, token: key.token, keyId: key.id, template, actor };
}

export type World = Awaited<ReturnType<typeof createWorld>>;

/**
 * A world publishing in English (the default) and German, with the multilingual fixture template beside the plain
 * one (docs/languages.md): what tests of values per language start from.
 */
export async function createMultilingualWorld(label: string): Promise<{ world: World; templateId: string }> {
  const world = await createWorld(label);
  const template = await importTemplate({
    organizationId: world.organization.id,
    createdByUserId: world.user.id,
    definition: fixtureTemplateMultilingual(),
  });
  await updateOrganization({
    actor: world.actor,
    organizationId: world.organization.id,
    input: { defaultLanguage: "en", publishedLanguages: ["en", "de"] },
  });
  return { world, templateId: template.id };
}

/** A product data model owned by the world's organization, with fresh ids so each test's copy is its own. */
export async function createProductDataModel(world: World, visibility: "Public" | "Private") {
  const definition = fixtureTemplate();
  return importProductDataModel({
    organizationId: world.organization.id,
    createdByUserId: world.user.id,
    definition: { ...definition, name: `PDM ${visibility}` },
    visibility,
  });
}
