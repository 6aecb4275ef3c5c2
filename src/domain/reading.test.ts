import { describe, expect, it } from "vitest";
import { checkReadings, MAX_CLOCK_SKEW_MS, withLatestReadings } from "~/domain/reading";
import { buildTemplateIndex } from "~/domain/template-index";
import type { TSection } from "~/domain/template-schema";

const SECTION = "10000000-0000-4000-8000-000000000005";
const HEALTH = "10000000-0000-4000-8000-000000000051";
const ITEM = "20000000-0000-4000-8000-000000000001";
const index = buildTemplateIndex([
  {
    id: SECTION,
    name: "Item",
    type: "Group",
    parentId: null,
    subSections: [],
    granularityLevel: "Item",
    dataFields: [{ id: HEALTH, name: "State of health", type: "NumericField", granularityLevel: "Item", options: {} }],
  } as unknown as TSection,
]);
const now = new Date("2027-02-18T12:00:00Z");
const reading = (at: string, value: string | number) => ({ itemId: ITEM, dataSectionId: SECTION, dataFieldId: HEALTH, at, value });

describe("checkReadings", () => {
  it("takes an instant up to the clock skew ahead, and refuses one beyond it", () => {
    const within = new Date(now.getTime() + MAX_CLOCK_SKEW_MS).toISOString();
    const beyond = new Date(now.getTime() + MAX_CLOCK_SKEW_MS + 1).toISOString();
    expect(checkReadings(index, [reading(within, 1)], now).issues).toEqual([]);
    expect(checkReadings(index, [reading(beyond, 1)], now).issues.map((issue) => issue.path)).toEqual(["$[0].at"]);
  });

  it("stores a NumericField's value as a number, so one reading sent twice in two spellings is one", () => {
    const checked = checkReadings(index, [reading("2027-01-01T00:00:00Z", 98.5), reading("2027-01-01T00:00:00.000Z", "98.50")], now);
    expect(checked.issues).toEqual([]);
    expect(checked.readings).toEqual([expect.objectContaining({ number: 98.5, text: null })]);
  });
});

describe("withLatestReadings", () => {
  it("shows a field's latest reading instead of its stored value, and leaves other fields and rows alone", () => {
    const stored = [
      { dataSectionId: SECTION, dataFieldId: HEALTH, row: 0, value: "100" },
      { dataSectionId: SECTION, dataFieldId: "other", row: 0, value: "kept" },
    ];
    const latest = [{ dataSectionId: SECTION, dataFieldId: HEALTH, row: 0, value: "91.5" }];
    expect(withLatestReadings(stored, latest)).toEqual([
      { dataSectionId: SECTION, dataFieldId: HEALTH, row: 0, value: "91.5" },
      { dataSectionId: SECTION, dataFieldId: "other", row: 0, value: "kept" },
    ]);
    expect(withLatestReadings(stored, [])).toEqual(stored);
  });
});
