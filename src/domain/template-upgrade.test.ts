import { describe, expect, it } from "vitest";
import { addDataField, addSection, deleteDataField, modifyDataField } from "~/domain/template-draft-edits";
import type { TemplateDraftDocument } from "~/domain/template-draft-schema";
import { buildTemplateIndex } from "~/domain/template-index";
import { upgradeLossReason } from "~/domain/template-upgrade";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const [SECTION, KEPT, RETYPED, REMOVED] = [id(1), id(11), id(12), id(13)];

function v1(): TemplateDraftDocument {
  let d: TemplateDraftDocument = { name: "T", description: "", sectors: [], version: "1.0.0", sections: [] };
  d = addSection(d, { name: "General", type: "Group" }, SECTION);
  for (const fieldId of [KEPT, RETYPED, REMOVED]) {
    d = addDataField(d, SECTION, { name: fieldId, type: "TextField", granularityLevel: "Model" }, fieldId);
  }
  return d;
}

describe("upgradeLossReason", () => {
  const from = buildTemplateIndex(v1().sections);
  const next = deleteDataField(
    modifyDataField(
      addDataField(v1(), SECTION, { name: "New", type: "TextField", granularityLevel: "Model" }, id(14)),
      SECTION,
      RETYPED,
      { type: "NumericField" },
    ),
    SECTION,
    REMOVED,
  );
  const to = buildTemplateIndex(next.sections);
  const value = (dataFieldId: string, text: string | null) => ({ dataSectionId: SECTION, dataFieldId, row: 0, value: text });

  it("keeps values whose field is still there with its type", () => {
    expect(upgradeLossReason(value(KEPT, "x"), from, to, "Model")).toBeUndefined();
  });

  it("loses a value whose field was removed or changed type", () => {
    expect(upgradeLossReason(value(REMOVED, "x"), from, to, "Model")).toBe("removed");
    expect(upgradeLossReason(value(RETYPED, "x"), from, to, "Model")).toBe("typeChanged");
  });

  it("never counts an empty value as lost", () => {
    expect(upgradeLossReason(value(REMOVED, null), from, to, "Model")).toBeUndefined();
    expect(upgradeLossReason(value(RETYPED, null), from, to, "Model")).toBeUndefined();
  });

  it("loses a value whose field moved to the other level", () => {
    const itemLevel = buildTemplateIndex(modifyDataField(v1(), SECTION, KEPT, { granularityLevel: "Item" }).sections);
    expect(upgradeLossReason(value(KEPT, "x"), from, itemLevel, "Model")).toBe("removed");
  });
});
