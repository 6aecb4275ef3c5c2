import Link from "next/link";
import { redirect } from "next/navigation";
import { getCurrentActor } from "~/app/_lib/current-actor";
import { buttonClasses } from "~/components/ui/button";
import { listOrganizations } from "~/server/services/identity/list-organizations";

/**
 * The front door: signed in, the first organization (or creating one when there is none yet); signed out, what the
 * product does, with the ways in.
 */
export default async function HomePage() {
  const actor = await getCurrentActor();
  if (actor) {
    const [first] = await listOrganizations({ actor });
    redirect(first ? `/orgs/${first.id}` : "/organizations/new");
  }
  return (
    <section aria-labelledby="home-title" className="mx-auto max-w-2xl space-y-6 py-6 text-center sm:py-16">
      <h1 id="home-title" className="text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
        Passport Studio
      </h1>
      <div className="space-y-2 text-lg text-slate-700">
        <p>Build digital product passports for batteries, textiles, electronics and more from ready templates.</p>
        <p>Fill in each model once, record every item by its serial number, and publish them through a REST API.</p>
      </div>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <Link href="/sign-up" className={buttonClasses({ className: "w-full sm:w-auto" })}>
          Create an account
        </Link>
        <Link href="/sign-in" className={buttonClasses({ variant: "secondary", className: "w-full sm:w-auto" })}>
          Sign in
        </Link>
      </div>
    </section>
  );
}
