import { notFound } from "next/navigation";
import { cache } from "react";
import { AppError } from "~/domain/app-error";
import { getOrganization } from "~/server/services/identity/get-organization";
import { requireSignedIn } from "~/app/_lib/current-actor";

/**
 * The organization named in the URL, if the caller is a member; the 404 page otherwise — for an organization that
 * does not exist and for one that is not theirs alike, so the page never reveals which.
 */
export const getOrganizationOrNotFound = cache(async (organizationId: string) => {
  const actor = await requireSignedIn();
  try {
    return await getOrganization({ actor, organizationId });
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
});
