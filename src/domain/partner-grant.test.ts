import { describe, expect, it } from "vitest";
import { normalizeLayout } from "~/domain/layout";
import { grantedSectionIds, sectionsOutsideGrant } from "~/domain/partner-grant";
import { buildTemplateIndex } from "~/domain/template-index";
import type { TSection } from "~/domain/template-schema";

const layout = normalizeLayout(undefined, 1);
const group = (id: string, subSections: string[] = [], parentId: string | null = null): TSection => ({
  id,
  name: id,
  type: "Group",
  parentId,
  subSections,
  dataFields: [],
  granularityLevel: "Model",
  layout,
});

/** Two top-level sections, the first with a section nested two deep; the second's child is nested one deep. */
const index = buildTemplateIndex([
  group("footprint", ["inner"]),
  group("inner", ["deepest"], "footprint"),
  group("deepest", [], "inner"),
  group("repairs", ["log"]),
  group("log", [], "repairs"),
]);

describe("partner grants", () => {
  it("open a granted top-level section with everything nested in it, and nothing for a nested or unknown id", () => {
    expect([...grantedSectionIds(index, ["footprint"])].sort()).toEqual(["deepest", "footprint", "inner"]);
    expect(grantedSectionIds(index, ["inner", "nowhere"]).size).toBe(0);
  });

  it("name each top-level section a write reaches outside the grant once, in the order met", () => {
    expect(sectionsOutsideGrant(index, ["footprint"], ["deepest", "inner", "footprint"])).toEqual([]);
    expect(sectionsOutsideGrant(index, ["footprint"], ["log", "deepest", "repairs", "unknown"])).toEqual(["repairs", "unknown"]);
  });
});
