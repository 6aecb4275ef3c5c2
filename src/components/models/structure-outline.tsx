import { useTranslations } from "next-intl";
import { SectionBadges } from "~/components/models/section-badges";
import { buildTemplateIndex } from "~/domain/template-index";
import type { TSection } from "~/domain/template-schema";

export type StructureOutlineProps = { sections: readonly TSection[] };

/** A compact outline of sections (nested as in the template) and their field names, for choosing a template. */
export function StructureOutline({ sections }: StructureOutlineProps) {
  const t = useTranslations("models");
  const index = buildTemplateIndex(sections);
  const renderSection = (id: string, visited: Set<string>) => {
    const section = index.sections.get(id)?.section;
    if (!section || visited.has(id)) return null;
    visited.add(id);
    return (
      <li key={id} className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{section.name}</span>
          <SectionBadges section={section} />
        </div>
        {section.dataFields.length > 0 ? (
          <p className="text-sm break-words text-slate-600">
            {section.dataFields
              .map((field) => (field.granularityLevel === "Item" ? t("itemSuffix", { name: field.name }) : field.name))
              .join(" · ")}
          </p>
        ) : null}
        {section.subSections.length > 0 ? (
          <ul className="mt-2 space-y-2 border-l-2 border-slate-200 pl-3 sm:pl-4">
            {section.subSections.map((childId) => renderSection(childId, visited))}
          </ul>
        ) : null}
      </li>
    );
  };
  const visited = new Set<string>();
  return <ul className="space-y-3">{index.rootSectionIds.map((id) => renderSection(id, visited))}</ul>;
}
