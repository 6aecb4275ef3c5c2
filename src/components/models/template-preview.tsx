import { useTranslations } from "next-intl";
import { LayoutCell, LayoutGrid } from "~/components/layout-grid/layout-grid";
import { SectionPreview } from "~/components/models/section-preview";
import { buildSectionViews } from "~/components/models/section-views";
import { EmptyState } from "~/components/ui/empty-state";
import type { TSection } from "~/domain/template-schema";

export type TemplatePreviewProps = { sections: readonly TSection[]; organizationId: string };

/** Every section of a template or product data model on the grid, read-only, Item-level parts included and marked. */
export function TemplatePreview({ sections, organizationId }: TemplatePreviewProps) {
  const t = useTranslations("models");
  const { roots } = buildSectionViews(sections, { level: "all" });
  if (roots.length === 0) return <EmptyState title={t("noSections")} />;
  return (
    <LayoutGrid>
      {roots.map(({ view, placement }) => (
        <LayoutCell key={view.section.id} placement={placement}>
          <SectionPreview view={view} depth={2} organizationId={organizationId} />
        </LayoutCell>
      ))}
    </LayoutGrid>
  );
}
