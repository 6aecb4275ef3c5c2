import type { THistoryAuthor, THistoryVia, TPropertyChange, TValueChange } from "~/domain/history";
import type { TTemplate } from "~/domain/template-schema";

/** How the History panel names authors, channels and values: pure, so the wording is tested without a browser. */

export function authorName(who: THistoryAuthor): string {
  switch (who.kind) {
    case "user":
      return who.name ?? "A former user";
    case "apiKey":
      return `${who.user.name ?? "A former user"} (API key ${who.name ? `“${who.name}”` : "since deleted"})`;
    case "operator":
      return "The operator";
  }
}

export const VIA_LABELS: Record<THistoryVia, string> = {
  browser: "in the browser",
  api: "through the API",
  cli: "on the command line",
};

export const PROPERTY_LABELS: Record<TPropertyChange["name"], string> = {
  name: "Name",
  description: "Description",
  templateId: "Template",
  gtin: "GTIN",
  commodityCode: "Commodity code",
  facilityIds: "Facilities",
};

export type FieldLabels = (change: Pick<TValueChange, "dataSectionId" | "dataFieldId" | "row">) => string;

/**
 * "Section › Field", with the row (counted from 1) for a repeatable section's values. Values of fields no longer in
 * the template (it changed since) are named "A removed field".
 */
export function fieldLabels(sections: TTemplate["sections"]): FieldLabels {
  const byId = new Map(sections.map((section) => [section.id, section]));
  return ({ dataSectionId, dataFieldId, row }) => {
    const section = byId.get(dataSectionId);
    const field = section?.dataFields.find((f) => f.id === dataFieldId);
    if (!section || !field) return "A removed field";
    return section.type === "Repeatable" ? `${section.name} › row ${row + 1} › ${field.name}` : `${section.name} › ${field.name}`;
  };
}
