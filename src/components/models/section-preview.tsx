import { useTranslations } from "next-intl";
import { FieldInput } from "~/components/field-inputs/field-input";
import { LayoutCell, LayoutGrid } from "~/components/layout-grid/layout-grid";
import { SectionBadges } from "~/components/models/section-badges";
import { SectionHeading, sectionFrameClass } from "~/components/models/section-heading";
import { headingLevel, type SectionView } from "~/components/models/section-views";
import { Badge } from "~/components/ui/badge";

export type SectionPreviewProps = { view: SectionView; depth: number; organizationId: string };

/**
 * A section as the editor lays it out, with disabled inputs: what a model made from the template will look like.
 * A repeater shows its fields once, as one example row.
 */
export function SectionPreview({ view, depth, organizationId }: SectionPreviewProps) {
  const t = useTranslations("models");
  const { section } = view;
  const headingId = `preview-${section.id}`;
  const grid = (
    <LayoutGrid>
      {view.fields.map(({ field, placement }) => (
        <LayoutCell key={field.id} placement={placement}>
          <FieldInput
            field={field}
            inputId={`preview-${section.id}-${field.id}`}
            value=""
            disabled
            organizationId={organizationId}
            badge={field.granularityLevel === "Item" && section.granularityLevel === "Model" ? <Badge>{t("itemLevel")}</Badge> : null}
          />
        </LayoutCell>
      ))}
      {view.subSections.map(({ view: child, placement }) => (
        <LayoutCell key={child.section.id} placement={placement}>
          <SectionPreview view={child} depth={depth + 1} organizationId={organizationId} />
        </LayoutCell>
      ))}
    </LayoutGrid>
  );
  return (
    <section aria-labelledby={headingId} className={sectionFrameClass(depth)}>
      <div className="flex flex-wrap items-center gap-2">
        <SectionHeading level={headingLevel(depth)} id={headingId}>
          {section.name}
        </SectionHeading>
        <SectionBadges section={section} />
      </div>
      {view.fields.length === 0 && view.subSections.length === 0 ? (
        <p className="text-sm text-slate-600">{t("noFields")}</p>
      ) : view.isRepeater ? (
        <div className="space-y-3 rounded-md border border-dashed border-slate-300 p-3 sm:p-4">
          <p className="text-sm text-slate-600">{t("rowHolds")}</p>
          {grid}
        </div>
      ) : (
        grid
      )}
    </section>
  );
}
