import type { ReactNode } from "react";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { OrgNav } from "~/components/organizations/org-nav";

/**
 * Checks membership before anything streams: an organization that is missing or not the caller's answers with a
 * real 404 status, which a check inside a page (below loading.tsx's Suspense boundary) could no longer set.
 */
export default async function OrganizationLayout({ children, params }: { children: ReactNode; params: Promise<{ orgId: string }> }) {
  const organization = await getOrganizationOrNotFound((await params).orgId);
  return (
    <>
      <OrgNav organizationId={organization.id} organizationName={organization.name} />
      {children}
    </>
  );
}
