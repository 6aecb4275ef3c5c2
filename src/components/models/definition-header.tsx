import { useTranslations } from "next-intl";
import { Link } from "~/components/ui/link";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { BackLink } from "~/components/ui/back-link";

export type DefinitionHeaderProps = {
  eyebrow: string;
  name: string;
  description?: string;
  version: string;
  tags: string[];
  /** Where "Create a model from it" leads; absent for a member who may not create models (the page asks `mayDo`). */
  createModelHref?: string;
  backHref: string;
};

/** The top of a template or product data model preview: what it is, and a way to start a model from it. */
export function DefinitionHeader({ eyebrow, name, description, version, tags, createModelHref, backHref }: DefinitionHeaderProps) {
  const t = useTranslations("models");
  return (
    <div className="space-y-3">
      <BackLink href={backHref}>{t("allTemplates")}</BackLink>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader eyebrow={eyebrow} title={name} description={description || undefined} />
        {createModelHref ? (
          <Link href={createModelHref} className={buttonClasses({ className: "self-start sm:self-auto" })}>
            {t("createFromIt")}
          </Link>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge>{t("version", { version })}</Badge>
        {tags.map((tag) => (
          <Badge key={tag} tone="brand">
            {tag}
          </Badge>
        ))}
      </div>
      <p className="text-sm text-slate-600">{t("readOnly")}</p>
    </div>
  );
}
