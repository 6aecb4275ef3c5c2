import { OPERATOR } from "~/domain/actor";
import { benchTemplate } from "./bench-template";

/**
 * A user, an organization, an API key and the bench template, created through the services (the caller must have
 * pointed this process at the database with setDatabaseUrl first).
 */
export async function createBenchWorld() {
  const { createUser } = await import("~/server/services/identity/create-user");
  const { createOrganization } = await import("~/server/services/identity/create-organization");
  const { createApiKey } = await import("~/server/services/identity/create-api-key");
  const { importTemplate } = await import("~/server/services/templates/import-template");
  const user = await createUser({ email: `bench-${crypto.randomUUID()}@bench.example`, password: "bench-password" });
  const organization = await createOrganization({ actor: OPERATOR, name: "Bench", ownerUserId: user.id });
  const key = await createApiKey({ userId: user.id, organizationId: organization.id, name: "bench" });
  const template = benchTemplate();
  await importTemplate({ organizationId: organization.id, createdByUserId: user.id, definition: template.definition });
  return { organizationId: organization.id, userId: user.id, token: key.token, template };
}

export type BenchWorld = Awaited<ReturnType<typeof createBenchWorld>>;
