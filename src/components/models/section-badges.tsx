import { useTranslations } from "next-intl";
import { Badge } from "~/components/ui/badge";
import type { TSection } from "~/domain/template-schema";

/** Marks what is special about a section: it repeats, or it describes individual items (not the model). */
export function SectionBadges({ section }: { section: TSection }) {
  const t = useTranslations("models");
  return (
    <>
      {section.type === "Repeatable" ? <Badge tone="brand">{t("repeater")}</Badge> : null}
      {section.granularityLevel === "Item" ? <Badge>{t("itemLevel")}</Badge> : null}
    </>
  );
}
