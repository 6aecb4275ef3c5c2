"use client";

import { useTranslations } from "next-intl";
import { Link } from "~/components/ui/link";
import { usePathname } from "next/navigation";
import { cn } from "~/lib/cn";

export type OrgNavProps = { organizationId: string; organizationName: string };

/** The organization's sections as tabs; the one showing is marked for screen readers with aria-current. */
export function OrgNav({ organizationId, organizationName }: OrgNavProps) {
  const t = useTranslations("organizations");
  const pathname = usePathname();
  const base = `/orgs/${organizationId}`;
  const links = [
    { href: base, label: t("navOverview"), isActive: pathname === base },
    { href: `${base}/models`, label: t("navModels"), isActive: pathname.startsWith(`${base}/models`) },
    {
      href: `${base}/templates`,
      label: t("navTemplates"),
      isActive: pathname.startsWith(`${base}/templates`) || pathname.startsWith(`${base}/product-data-models`),
    },
    { href: `${base}/shared`, label: t("navShared"), isActive: pathname.startsWith(`${base}/shared`) },
    { href: `${base}/members`, label: t("navMembers"), isActive: pathname.startsWith(`${base}/members`) },
    { href: `${base}/settings`, label: t("navSettings"), isActive: pathname.startsWith(`${base}/settings`) },
  ];
  return (
    <nav aria-label={t("nav", { organization: organizationName })} className="-mt-2 mb-6 border-b border-slate-200 sm:-mt-4 sm:mb-8">
      <ul className="flex flex-wrap gap-x-1">
        {links.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              aria-current={link.isActive ? "page" : undefined}
              className={cn(
                "-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium",
                link.isActive
                  ? "border-brand-600 text-brand-700"
                  : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
              )}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
