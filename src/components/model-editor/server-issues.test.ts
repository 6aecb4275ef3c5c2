import { describe, expect, it } from "vitest";
import { GTIN_KEY, NAME_KEY, valueKey } from "~/components/model-editor/draft-keys";
import { placeServerIssues } from "~/components/model-editor/server-issues";

const S = "11111111-1111-4111-8111-111111111111";
const F = "22222222-2222-4222-8222-222222222222";

describe("placeServerIssues", () => {
  it("places issues by their triple, by their position in the request, or by the name and GTIN paths", () => {
    const sent = [valueKey(S, F, 0), valueKey(S, F, 3)];
    const placed = placeServerIssues(
      [
        { path: "$[0].value", message: "by triple", dataSectionId: S, dataFieldId: F, row: 7 },
        { path: "$.values[1].value", message: "by position" },
        { path: "$.patch.name", message: "name" },
        { path: "$.details.gtin", message: "gtin" },
        { path: "$", message: "general" },
      ],
      sent,
    );
    expect(placed.byKey.get(valueKey(S, F, 7))).toBe("by triple");
    expect(placed.byKey.get(valueKey(S, F, 3))).toBe("by position");
    expect(placed.byKey.get(NAME_KEY)).toBe("name");
    expect(placed.byKey.get(GTIN_KEY)).toBe("gtin");
    expect(placed.general).toEqual(["general"]);
  });
});
