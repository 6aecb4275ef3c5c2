import type { Metadata } from "next";
import Link from "next/link";
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
  const base = `/orgs/${organization.id}`;
  const memberLabel = organization.memberCount === 1 ? "1 member" : `${organization.memberCount} members`;
  const sections = [
    { href: `${base}/models`, title: "Models", text: "Create product models from templates and fill in their passport data." },
    { href: `${base}/members`, title: "Members", text: `${memberLabel}. Invite colleagues by their email address.` },
    {
      href: `/settings/api-keys?org=${organization.id}`,
      title: "API keys",
      text: "Connect ERP, PLM and scripts to the REST API with keys for this organization.",
    },
  ];

  return (
    <div className="space-y-8">
      <PageHeader eyebrow="Organization" title={organization.name} description={memberLabel} />
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
