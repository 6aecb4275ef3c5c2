import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { addImportedSections } from "~/domain/aas/add-imported-sections";
import { importAasTemplate } from "~/domain/aas/import-template";
import { validateDraft } from "~/domain/template-draft-edits";

const IDTA = "../shared/standards/idta";
const files = readdirSync(IDTA).filter((f) => f.endsWith(".json"));

function read(file: string): unknown {
  return JSON.parse(readFileSync(`${IDTA}/${file}`, "utf8"));
}

const emptyDraft = { name: "AAS", description: "", sectors: [], version: "1.0.0", sections: [] };

describe("importAasTemplate on the IDTA templates", () => {
  it.each(files)("%s becomes valid draft sections, its findings listed", (file) => {
    const result = importAasTemplate(read(file));
    expect(result.rootIds).toHaveLength(1);
    expect(result.problems.length).toBeGreaterThan(0);
    expect(result.problems.some((p) => p.action === "repaired")).toBe(true);
    const { document } = addImportedSections(emptyDraft, result);
    expect(() => validateDraft(document)).not.toThrow();
    console.log(
      file,
      result.sections.length,
      result.sections.reduce((n, s) => n + s.dataFields.length, 0),
      result.problems
        .map((p) => `${p.action} ${p.path} ${p.message}`)
        .filter((m) => !m.includes("AASd-120") && !m.includes("unique lang")),
    );
  });
});
