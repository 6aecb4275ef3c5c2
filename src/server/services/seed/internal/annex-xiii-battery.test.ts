import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fieldAccess } from "~/domain/field-options";
import { elementsByPath, semanticIdKey } from "~/domain/profiles/apply-profile";
import { profileById } from "~/domain/profiles/profiles";
import { annexXiiiProductDataModel } from "~/server/services/seed/internal/idta-battery-passport";

/**
 * docs/battery.md's table of Annex XIII rows against the shipped "EU Battery Passport (Annex XIII)": each row's
 * element is at its path with its semanticId, and every field it governs (those whose nearest listed element it
 * is) has its access level and granularity. The table is written by hand, so a change of the profile that the docs
 * do not follow fails here.
 */

const doc = readFileSync(path.join(process.cwd(), "docs/battery.md"), "utf8");
const tableText = /<!-- annex-xiii-table -->([\s\S]*?)<!-- \/annex-xiii-table -->/.exec(doc)?.[1] ?? "";
const rows = tableText
  .split("\n")
  // A row is a point of the annex, or "—": an element of the templates the annex does not name.
  .filter((line) => /^\| (\d|—)/.test(line))
  .map((line) => {
    const [row, , element, semanticId, access, granularity] = line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim().replace(/^`|`$/g, ""));
    return { row, element, semanticId, access, granularity } as Record<string, string>;
  });

const model = annexXiiiProductDataModel();
const byPath = elementsByPath(model.sections);
const listed = new Set(rows.map((r) => r.element ?? ""));
/** The listed element nearest above (or at) a path: the row that governs it. */
const governing = (at: string) => [...listed].filter((p) => at === p || at.startsWith(`${p}/`)).sort((a, b) => b.length - a.length)[0];

describe("the EU Battery Passport (Annex XIII), row by row of docs/battery.md", () => {
  it("lists the rows of every point of the annex, each element once", () => {
    const points = rows.filter((r) => r.row !== "—").map((r) => r.row?.replace(/\(.*$/, ""));
    expect(new Set(points)).toEqual(new Set(["1", "2", "3", "4"]));
    expect(listed.size).toBe(rows.length);
  });

  it.each(rows.map((r) => [`${r.row} ${r.element}`, r] as const))("%s", (_, row) => {
    const element = byPath.get(row.element as string);
    expect(element, row.element).toBeDefined();
    const options = element?.field ? element.field.options : (element?.section.options ?? {});
    expect(semanticIdKey(options["aas.semanticId"])).toBe(row.semanticId);
    if (!element?.field) expect(element?.section.granularityLevel).toBe(row.granularity);
    const governed = [...byPath].filter(([p, e]) => e.field && governing(p) === row.element);
    // A field's row governs the field; a section's, every field below it that no deeper row names (maybe none).
    if (element?.field) expect(governed.map(([p]) => p)).toEqual([row.element]);
    for (const [p, e] of governed) {
      const level = e.section.granularityLevel === "Item" || e.field?.granularityLevel === "Item" ? "Item" : "Model";
      expect([p, fieldAccess(e.field ?? { options: {} }), level]).toEqual([p, row.access, row.granularity]);
    }
  });

  it("names every rule and added element of the profile, and nothing the model lacks", () => {
    const profile = profileById("eu-battery-annex-xiii");
    for (const rule of profile.rules) {
      const named = "path" in rule.match ? rule.match.path : rule.match.semanticId;
      expect(
        rows.some((r) => r.element === named || r.semanticId === named),
        named,
      ).toBe(true);
    }
    for (const addition of profile.additions) {
      for (const id of [addition.semanticId, ...(addition.fields ?? []).map((f) => f.semanticId)]) expect(doc).toContain(id);
    }
    // Every field of the model is governed by a row: nothing is left at an access level no row chose.
    for (const [p, e] of byPath) if (e.field) expect(governing(p), p).toBeDefined();
  });

  it("marks the battery status for snapshots", () => {
    expect(byPath.get("BatteryNameplate/LifeCycleStage")?.field?.options.snapshot).toBe("true");
  });
});
