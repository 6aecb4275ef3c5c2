import { useTranslations } from "next-intl";

export type OpenLinkProps = { href: string; fieldName: string };

/** "Open" for a field's link, in a new tab so an editor with unsaved changes stays as it is. */
export function OpenLink({ href, fieldName }: OpenLinkProps) {
  const t = useTranslations("fieldInput");
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      {t("open")}
      <span aria-hidden="true">↗</span>
      <span className="sr-only"> {t("opensInNewTab", { field: fieldName })}</span>
    </a>
  );
}
