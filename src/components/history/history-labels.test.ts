import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { authorName, fieldLabels } from "~/components/history/history-labels";
import type { TTemplate } from "~/domain/template-schema";
import de from "../../../messages/de.json";
import en from "../../../messages/en.json";

const english = createTranslator({ locale: "en", messages: en, namespace: "history" });

const GROUP = "00000000-0000-4000-8000-000000000001";
const REPEATER = "00000000-0000-4000-8000-000000000002";
const NAME = "00000000-0000-4000-8000-000000000011";
const SUBSTANCE = "00000000-0000-4000-8000-000000000021";

const layout = {} as TTemplate["sections"][number]["layout"];
const field = (id: string, name: string) =>
  ({
    id,
    name,
    type: "TextField",
    options: {},
    granularityLevel: "Model",
    layout,
  }) as TTemplate["sections"][number]["dataFields"][number];
const sections: TTemplate["sections"] = [
  {
    id: GROUP,
    name: "General",
    type: "Group",
    parentId: null,
    subSections: [],
    dataFields: [field(NAME, "Name")],
    granularityLevel: "Model",
    layout,
  },
  {
    id: REPEATER,
    name: "Substances",
    type: "Repeatable",
    parentId: null,
    subSections: [],
    dataFields: [field(SUBSTANCE, "Substance")],
    granularityLevel: "Model",
    layout,
  },
];

describe("fieldLabels", () => {
  const label = fieldLabels(sections, english);
  it("names a field by its section, and a repeater's value by its row counted from 1", () => {
    expect(label({ dataSectionId: GROUP, dataFieldId: NAME, row: 0 })).toBe("General › Name");
    expect(label({ dataSectionId: REPEATER, dataFieldId: SUBSTANCE, row: 2 })).toBe("Substances › row 3 › Substance");
  });
  it("names a field the template no longer has", () => {
    expect(label({ dataSectionId: GROUP, dataFieldId: SUBSTANCE, row: 0 })).toBe("A removed field");
  });
});

describe("authorName", () => {
  it("names a user, a key with its user, the operator, and users that are gone", () => {
    expect(authorName({ kind: "user", id: "u", name: "Ada" }, english)).toBe("Ada");
    expect(authorName({ kind: "user", id: "u", name: null }, english)).toBe("A former user");
    expect(authorName({ kind: "apiKey", id: "k", name: "CI", user: { id: "u", name: "Ada" } }, english)).toBe("Ada (API key “CI”)");
    expect(authorName({ kind: "operator", id: null, name: null }, english)).toBe("The operator");
  });

  it("names the partner organization that supplied the values", () => {
    const organization = { id: "o", name: "Cell Maker Ltd" };
    expect(authorName({ kind: "user", id: "u", name: "Ada", organization }, english)).toBe("Ada (for Cell Maker Ltd)");
    expect(authorName({ kind: "apiKey", id: "k", name: "ERP", user: { id: "u", name: "Ada" }, organization }, english)).toBe(
      "Ada (API key “ERP”) (for Cell Maker Ltd)",
    );
    expect(authorName({ kind: "user", id: "u", name: "Ada", organization: { id: "o", name: null } }, english)).toBe(
      "Ada (for a former organization)",
    );
  });
});

describe("in the member's language", () => {
  const german = createTranslator({ locale: "de", messages: { history: de.history }, namespace: "history" });
  it("words authors and rows from the catalogue", () => {
    expect(fieldLabels(sections, german)({ dataSectionId: REPEATER, dataFieldId: SUBSTANCE, row: 0 })).toBe(
      "Substances › Zeile 1 › Substance",
    );
    expect(authorName({ kind: "apiKey", id: "k", name: null, user: { id: "u", name: null } }, german)).toBe(
      "Ein ehemaliger Benutzer (inzwischen gelöschter API-Schlüssel)",
    );
  });
});
