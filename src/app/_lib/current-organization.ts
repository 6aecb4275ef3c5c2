import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { AppError } from "~/domain/app-error";
import { getOrganization } from "~/server/services/identity/get-organization";
import { requireSignedIn } from "~/app/_lib/current-actor";

/**
 * The organization named in the URL, if the caller is a member; the 404 page otherwise — for an organization that
 * does not exist and for one that is not theirs alike, so the page never reveals which. A member of an organization that
 * requires two-factor sign-in, who has not set it up, is sent to set it up (docs/security.md §Two-factor).
 */
export const getOrganizationOrNotFound = cache(async (organizationId: string) => {
  const actor = await requireSignedIn();
  if (actor.twoFactorRequiredBy?.includes(organizationId.toLowerCase())) redirect("/settings/two-factor");
  try {
    return await getOrganization({ actor, organizationId });
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
});
