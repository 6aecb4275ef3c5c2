"use client";

import { useTranslations } from "next-intl";
import { BreakpointSwitcher } from "~/components/template-builder/breakpoint-switcher";
import { SectionSelect } from "~/components/template-builder/builder-selects";
import { LayoutEditor, type LayoutEditorItem } from "~/components/template-builder/layout-editor";
import { Field } from "~/components/ui/field";
import type { Breakpoint, Layout } from "~/domain/layout";
import type { TSection } from "~/domain/template-schema";

/** Which grid is laid out: the page's top-level sections, or one section's fields and nested sections. */
export type LayoutScope = { kind: "root" } | { kind: "section"; sectionId: string };

export type LayoutPanelProps = {
  sections: readonly TSection[];
  scope: LayoutScope;
  onScopeChange: (scope: LayoutScope) => void;
  breakpoint: Breakpoint;
  onBreakpointChange: (bp: Breakpoint) => void;
  onFieldLayout: (sectionId: string, fieldId: string, layout: Layout) => void;
  onSectionLayout: (sectionId: string, layout: Layout) => void;
};

/** The layout editor for the chosen grid, at the chosen breakpoint (shared with the live preview). */
export function LayoutPanel({
  sections,
  scope,
  onScopeChange,
  breakpoint,
  onBreakpointChange,
  onFieldLayout,
  onSectionLayout,
}: LayoutPanelProps) {
  const t = useTranslations("builder");
  const byId = new Map(sections.map((section) => [section.id, section]));
  const section = scope.kind === "section" ? byId.get(scope.sectionId) : undefined;
  const asSection = (s: TSection): LayoutEditorItem => ({ id: s.id, label: s.name, kind: "section", layout: s.layout });
  const items: LayoutEditorItem[] = section
    ? [
        ...section.dataFields.map((field): LayoutEditorItem => ({
          id: field.id,
          label: field.name,
          kind: "field",
          layout: field.layout,
        })),
        ...section.subSections.flatMap((id) => {
          const child = byId.get(id);
          return child ? [asSection(child)] : [];
        }),
      ]
    : sections.filter((s) => s.parentId === null).map(asSection);

  const onChange = (id: string, layout: Layout) => {
    if (section && section.dataFields.some((field) => field.id === id)) onFieldLayout(section.id, id, layout);
    else onSectionLayout(id, layout);
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-4">
        <Field label={t("grid")} className="w-64 max-w-full">
          {(control) => (
            <SectionSelect
              {...control}
              value={scope.kind === "root" ? "" : scope.sectionId}
              onChange={(event) =>
                onScopeChange(event.target.value === "" ? { kind: "root" } : { kind: "section", sectionId: event.target.value })
              }
              sections={sections}
              emptyLabel={t("topLevelSections")}
            />
          )}
        </Field>
        <BreakpointSwitcher value={breakpoint} onChange={onBreakpointChange} />
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{t("nothingToLayOut")}</p>
      ) : (
        <LayoutEditor title={section?.name ?? t("theTopLevelSections")} items={items} breakpoint={breakpoint} onChange={onChange} />
      )}
    </div>
  );
}
