import battery from "../../../../prisma/seed/battery-passport.json";
import { buildSectionViews, type SectionView } from "~/components/models/section-views";
import { parseTemplateDefinition } from "~/domain/template-definition";

/** The battery template's views and a repeater of it by name, for the grid's unit tests. */
export function batteryRepeater(name: string) {
  const parsed = parseTemplateDefinition(battery);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const views = buildSectionViews(parsed.value.sections, { level: "Model" });
  const find = (list: readonly { view: SectionView }[]): SectionView | undefined => {
    for (const { view } of list) {
      if (view.section.name === name) return view;
      const inner = find(view.subSections);
      if (inner) return inner;
    }
    return undefined;
  };
  const view = find(views.roots);
  if (!view) throw new Error(`No section ${name}`);
  return { index: views.index, view };
}
