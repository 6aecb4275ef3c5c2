import { Badge } from "~/components/ui/badge";
import type { TSection } from "~/domain/template-schema";

/** Marks what is special about a section: it repeats, or it describes individual items (not the model). */
export function SectionBadges({ section }: { section: TSection }) {
  return (
    <>
      {section.type === "Repeatable" ? <Badge tone="brand">Repeater</Badge> : null}
      {section.granularityLevel === "Item" ? <Badge>Item level</Badge> : null}
    </>
  );
}
