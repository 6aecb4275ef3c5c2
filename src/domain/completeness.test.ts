import { describe, expect, it } from "vitest";
import { rowMinimums } from "~/domain/completeness";
import { buildTemplateIndex } from "~/domain/template-index";
import type { TSection } from "~/domain/template-schema";
import { normalizeLayout } from "~/domain/layout";

const layout = normalizeLayout(undefined, 1);
const section = (id: string, options: Record<string, string>, level: "Model" | "Item", subSections: string[] = []): TSection => ({
  id,
  name: id,
  type: "Repeatable",
  parentId: null,
  subSections,
  dataFields: [{ id: `${id}-f`, name: "F", type: "TextField", options: {}, granularityLevel: level, layout }],
  granularityLevel: level,
  layout,
  options,
});

describe("rowMinimums", () => {
  it("lists the repeaters with a minRows whose rows the owner holds", () => {
    const index = buildTemplateIndex([
      section("materials", { minRows: "2" }, "Model"),
      section("cells", { minRows: "1" }, "Item"),
      section("free", {}, "Model"),
    ]);
    expect(rowMinimums(index, "Model")).toEqual([{ repeaterId: "materials", sectionIds: ["materials"], minRows: 2 }]);
    expect(rowMinimums(index, "Item")).toEqual([{ repeaterId: "cells", sectionIds: ["cells"], minRows: 1 }]);
  });
});
