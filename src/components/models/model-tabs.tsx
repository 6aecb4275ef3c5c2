import { useTranslations } from "next-intl";
import { Link } from "~/components/ui/link";
import { cn } from "~/lib/cn";

export type ModelTabsProps = { organizationId: string; modelId: string; current: "model" | "items" | "registry"; className?: string };

/** The model's pages: its own values, its items (each battery, each serial number), and its EU registry record. */
export function ModelTabs({ organizationId, modelId, current, className }: ModelTabsProps) {
  const t = useTranslations("models");
  const base = `/orgs/${organizationId}/models/${modelId}`;
  const tabs = [
    { key: "model", href: base, label: t("tabModel") },
    { key: "items", href: `${base}/items`, label: t("tabItems") },
    { key: "registry", href: `${base}/registry`, label: t("tabRegistry") },
  ] as const;
  return (
    <nav aria-label={t("tabsLabel")} className={cn("border-b border-slate-200", className)}>
      <ul className="flex gap-1">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              href={tab.href}
              aria-current={tab.key === current ? "page" : undefined}
              className={cn(
                "inline-block border-b-2 px-3 py-2 text-sm font-medium",
                tab.key === current
                  ? "border-brand-600 text-brand-700"
                  : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
