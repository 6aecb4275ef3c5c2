import { describe, expect, it } from "vitest";
import { applyProfile, elementsByPath } from "~/domain/profiles/apply-profile";
import { type TProfile, ZProfile } from "~/domain/profiles/profile-schema";
import { PROFILE_IDS, PROFILES, profileById } from "~/domain/profiles/profiles";
import { parseTemplateDefinition } from "~/domain/template-definition";
import type { TemplateDraftDocument } from "~/domain/template-draft-schema";

const NS = "https://passport.studio/semantics/eu-battery/1/";
const CONDITION = "urn:samm:io.admin-shell.idta.batterypass.product_condition:1.0.0#ProductCondition";
const TESTS = "urn:samm:io.admin-shell.idta.batterypass.digital_nameplate:1.0.0#resultsOfTestReportsProvingCompliance";

/** A template made in the builder, no AAS import: a member bound three of its elements by semanticId. */
function handMade(): TemplateDraftDocument {
  const parsed = parseTemplateDefinition({
    name: "Hand-made battery",
    sections: [
      {
        id: "00000000-0000-4000-8000-000000000001",
        name: "Nameplate",
        type: "Group",
        dataFields: [
          { id: "00000000-0000-4000-8000-000000000011", name: "Maker", type: "TextField" },
          {
            id: "00000000-0000-4000-8000-000000000012",
            name: "Test reports",
            type: "TextField",
            options: { "aas.semanticId": TESTS },
          },
        ],
      },
      {
        id: "00000000-0000-4000-8000-000000000002",
        name: "Condition",
        type: "Group",
        options: { "aas.idShort": "ProductCondition", "aas.semanticId": CONDITION },
        dataFields: [{ id: "00000000-0000-4000-8000-000000000021", name: "Cycles", type: "NumericField" }],
      },
      {
        id: "00000000-0000-4000-8000-000000000003",
        name: "Events",
        type: "Repeatable",
        parentId: "00000000-0000-4000-8000-000000000002",
        dataFields: [{ id: "00000000-0000-4000-8000-000000000031", name: "Event", type: "TextField" }],
      },
    ],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return { name: "Hand-made battery", description: "", sectors: [], version: "1.0.0", sections: parsed.value.sections };
}

describe("applyProfile", () => {
  const annex = profileById("eu-battery-annex-xiii");
  let n = 100;
  const newId = () => `00000000-0000-4000-8000-${String((n += 1)).padStart(12, "0")}`;

  it("binds a hand-made template by semanticId: the nearest rule decides, additions land under their parent, once", () => {
    const { document, report } = applyProfile(handMade(), annex, { newId });
    const [nameplate, condition, events] = document.sections;
    expect(nameplate?.dataFields.map((f) => [f.name, f.options.access ?? "(none)", f.granularityLevel])).toEqual([
      ["Maker", "(none)", "Model"],
      ["Test reports", "authority", "Model"],
    ]);
    // The whole submodel is legitimate interest and Item-level, its nested repeater too; the state of health is added.
    expect(condition?.granularityLevel).toBe("Item");
    expect(events?.granularityLevel).toBe("Item");
    expect(events?.dataFields[0]?.options.access).toBe("legitimate-interest");
    expect(condition?.dataFields.map((f) => [f.name, f.options.access, f.options["aas.semanticId"]])).toEqual([
      ["Cycles", "legitimate-interest", undefined],
      ["State of health", "legitimate-interest", `${NS}stateOfHealth`],
    ]);
    expect(report.added).toEqual([{ row: "4(b)", path: "ProductCondition/StateOfHealth" }]);
    expect(report.matched.map((m) => m.row)).toEqual(["3", "4", "4(b)"]);
    expect(report.uncoveredFields).toBe(1);
    expect(report.unmatched.length).toBe(annex.rules.length - 3 + annex.additions.length - 1);
    expect(parseTemplateDefinition(document).ok).toBe(true);
    // Applied again: nothing changes, nothing is added twice.
    const again = applyProfile(document, annex, { newId });
    expect(again.document).toEqual(document);
    expect(again.report.added).toEqual([]);
    expect(elementsByPath(document.sections).has("ProductCondition/StateOfHealth")).toBe(true);
  });

  it("reads a new product group from data alone: a path rule, a later rule at the same element wins", () => {
    const textiles: TProfile = ZProfile.parse({
      id: "textiles-test",
      name: "Textiles (test)",
      semanticIdNamespace: "https://example.com/textiles/",
      rules: [
        { row: "a", label: "condition", match: { path: "ProductCondition" }, access: "public", granularity: "Model" },
        { row: "b", label: "condition again", match: { path: "ProductCondition" }, access: "authority" },
      ],
    });
    const { document } = applyProfile(handMade(), textiles);
    expect(document.sections[1]?.granularityLevel).toBe("Model");
    expect(document.sections[2]?.dataFields[0]?.options.access).toBe("authority");
  });

  it("refuses a profile whose additions are outside its namespace, and loads every shipped profile", () => {
    const bad = { ...annex, semanticIdNamespace: "https://example.com/other/" };
    expect(ZProfile.safeParse(bad).success).toBe(false);
    expect(PROFILES.map((p) => p.id)).toEqual([...PROFILE_IDS]);
  });
});
