import type { THistoryAuthor, TValueChange } from "~/domain/history";
import type { TTemplate } from "~/domain/template-schema";

/**
 * How the History panel names authors and values: pure, so the wording is tested without a browser. The words come
 * from the catalogues' `history` namespace through `text` (the member's language, from useTranslations("history")).
 */

type HistoryKey =
  | "formerUser"
  | "viaKey"
  | "viaDeletedKey"
  | "operator"
  | "forPartner"
  | "formerOrganization"
  | "removedField"
  | "repeaterField"
  | "groupField";
export type HistoryText = (key: HistoryKey, values?: Record<string, string | number>) => string;

/** The writer, and the partner organization that supplied the values when it was not the model's own (docs/partners.md). */
export function authorName(who: THistoryAuthor, text: HistoryText): string {
  const writer = writerName(who, text);
  if (who.kind === "operator" || !who.organization) return writer;
  return text("forPartner", { author: writer, organization: who.organization.name ?? text("formerOrganization") });
}

function writerName(who: THistoryAuthor, text: HistoryText): string {
  switch (who.kind) {
    case "user":
      return who.name ?? text("formerUser");
    case "apiKey": {
      const user = who.user.name ?? text("formerUser");
      return who.name ? text("viaKey", { user, key: who.name }) : text("viaDeletedKey", { user });
    }
    case "operator":
      return text("operator");
  }
}

export type FieldLabels = (change: Pick<TValueChange, "dataSectionId" | "dataFieldId" | "row">) => string;

/**
 * "Section › Field", with the row (counted from 1) for a repeatable section's values. Values of fields no longer in
 * the template (it changed since) are named "A removed field".
 */
export function fieldLabels(sections: TTemplate["sections"], text: HistoryText): FieldLabels {
  const byId = new Map(sections.map((section) => [section.id, section]));
  return ({ dataSectionId, dataFieldId, row }) => {
    const section = byId.get(dataSectionId);
    const field = section?.dataFields.find((f) => f.id === dataFieldId);
    if (!section || !field) return text("removedField");
    return section.type === "Repeatable"
      ? text("repeaterField", { section: section.name, row: row + 1, field: field.name })
      : text("groupField", { section: section.name, field: field.name });
  };
}
