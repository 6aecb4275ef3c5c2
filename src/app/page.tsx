import { redirect } from "next/navigation";
import { getCurrentActor } from "~/app/_lib/current-actor";
import { listOrganizations } from "~/server/services/identity/list-organizations";

/** The front door: sign in first, then the first organization, or create one when there is none yet. */
export default async function HomePage() {
  const actor = await getCurrentActor();
  if (!actor) redirect("/sign-in");
  const [first] = await listOrganizations({ actor });
  redirect(first ? `/orgs/${first.id}` : "/organizations/new");
}
