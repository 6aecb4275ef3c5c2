import { Link } from "~/components/ui/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
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
  const t = await getTranslations("home");
  return (
    <section aria-labelledby="home-title" className="mx-auto max-w-2xl space-y-6 py-6 text-center sm:py-16">
      <h1 id="home-title" className="text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
        {t("title")}
      </h1>
      <div className="space-y-2 text-lg text-slate-700">
        <p>{t("pitchTemplates")}</p>
        <p>{t("pitchItems")}</p>
      </div>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <Link href="/sign-up" className={buttonClasses({ className: "w-full sm:w-auto" })}>
          {t("createAccount")}
        </Link>
        <Link href="/sign-in" className={buttonClasses({ variant: "secondary", className: "w-full sm:w-auto" })}>
          {t("signIn")}
        </Link>
      </div>
    </section>
  );
}
