import { useTranslations } from "next-intl";
import { BackLink } from "~/components/ui/back-link";
import { PageHeader } from "~/components/ui/page-header";

export type SharedModelHeaderProps = { name: string; organizationName: string; listHref: string };

/** The h1 of another organization's model, as its partner edits the sections granted to them (docs/partners.md). */
export function SharedModelHeader({ name, organizationName, listHref }: SharedModelHeaderProps) {
  const t = useTranslations("partners");
  return (
    <div className="space-y-3">
      <BackLink href={listHref}>{t("backToShared")}</BackLink>
      <PageHeader
        eyebrow={t("sharedBy", { organization: organizationName })}
        title={<span id="model-title">{name}</span>}
        description={t("editorDescription", { organization: organizationName })}
      />
    </div>
  );
}
