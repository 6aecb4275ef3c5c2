import { getTranslations } from "next-intl/server";
import type { Metadata } from "next";
import { Link } from "~/components/ui/link";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { MyInvitations } from "~/components/invitations/my-invitations";
import { Card, CardBody } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { listMyInvitations } from "~/server/services/invitations/list-my-invitations";

type Props = { params: Promise<{ orgId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: (await getOrganizationOrNotFound((await params).orgId)).name };
}

export default async function OrganizationHomePage({ params }: Props) {
  const organization = await getOrganizationOrNotFound((await params).orgId);
  const mine = await listMyInvitations({ actor: await requireSignedIn() });
  const t = await getTranslations("organizations");
  const base = `/orgs/${organization.id}`;
  const memberLabel = t("memberCount", { count: organization.memberCount });
  const sections = [
    { href: `${base}/models`, title: t("modelsTitle"), text: t("modelsText") },
    { href: `${base}/members`, title: t("membersTitle"), text: t("membersText", { count: organization.memberCount }) },
    { href: `/settings/api-keys?org=${organization.id}`, title: t("apiKeysTitle"), text: t("apiKeysText") },
  ];

  return (
    <div className="space-y-8">
      <PageHeader eyebrow={t("eyebrow")} title={organization.name} description={memberLabel} />
      <MyInvitations mine={mine} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map((section) => (
          <li key={section.title}>
            {/* The whole card is clickable, but the link's accessible name is just its title. */}
            <Card className="relative h-full transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md">
              <CardBody className="space-y-2">
                <h2 className="text-lg font-semibold">
                  <Link href={section.href} className="outline-none after:absolute after:inset-0 after:content-['']">
                    {section.title}
                  </Link>
                </h2>
                <p className="text-sm text-slate-600">{section.text}</p>
              </CardBody>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
