import { AppError } from "~/domain/app-error";
import { getDb } from "~/server/db/client";

/** Imports name their organization directly (CLI, seed), not through a member's path, so it may not exist. */
export async function assertOrganizationExists(organizationId: string): Promise<void> {
  const found = await getDb().organization.findUnique({ where: { id: organizationId }, select: { id: true } });
  if (!found) throw new AppError("NOT_FOUND", `No organization ${organizationId}.`);
}
