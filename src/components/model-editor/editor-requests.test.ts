import { describe, expect, it } from "vitest";
import { DESCRIPTION_KEY, NAME_KEY, valueKey } from "~/components/model-editor/draft-keys";
import type { DraftValue } from "~/components/model-editor/draft-store";
import { addRowInput, deleteRowInput, saveRequests } from "~/components/model-editor/editor-requests";

const target = { organizationId: "6f1c9a52-3d0e-4b7a-9c41-5e2f8a7d1b30", modelId: "55555555-5555-4555-8555-555555555555" };
const GROUP = "11111111-1111-4111-8111-111111111111";
const REPEATER = "22222222-2222-4222-8222-222222222222";
const FIELD = "33333333-3333-4333-8333-333333333333";

const edits = (entries: [string, DraftValue][]) => new Map(entries);

describe("saveRequests", () => {
  it("sends nothing without edits", () => {
    expect(saveRequests(target, edits([]))).toEqual([]);
  });

  it("sends name and description as one patch first, then the values, each with only the edits", () => {
    const requests = saveRequests(
      target,
      edits([
        [valueKey(REPEATER, FIELD, 3), "0.5"],
        [NAME_KEY, "Pack B"],
        [valueKey(GROUP, FIELD, 0), null],
      ]),
    );
    expect(requests.map((request) => request.procedure)).toEqual(["models.update", "dataValues.modify"]);
    const [details, values] = requests;
    expect([...(details?.sent.keys() ?? [])]).toEqual([NAME_KEY]);
    expect(details?.procedure === "models.update" && details.input(4)).toEqual({ ...target, ifMatch: 4, patch: { name: "Pack B" } });
    // In the order the edits were made, so `$.values[1]` of a refusal is the second key sent.
    expect([...(values?.sent.keys() ?? [])]).toEqual([valueKey(REPEATER, FIELD, 3), valueKey(GROUP, FIELD, 0)]);
    expect(values?.procedure === "dataValues.modify" && values.input(5)).toEqual({
      ...target,
      ifMatch: 5,
      values: [
        { dataSectionId: REPEATER, dataFieldId: FIELD, row: 3, value: "0.5" },
        { dataSectionId: GROUP, dataFieldId: FIELD, row: 0, value: null },
      ],
    });
  });

  it("sends a cleared description as an empty string and leaves the unchanged name out", () => {
    const [details, ...rest] = saveRequests(target, edits([[DESCRIPTION_KEY, null]]));
    expect(rest).toEqual([]);
    expect(details?.procedure === "models.update" && details.input(1).patch).toEqual({ description: "" });
  });

  it("takes the version when the request goes out, after the request before it has moved it on", () => {
    const [request] = saveRequests(target, edits([[valueKey(GROUP, FIELD, 0), "12"]]));
    expect(request?.input(2).ifMatch).toBe(2);
    expect(request?.input(3).ifMatch).toBe(3);
  });
});

describe("row requests", () => {
  it("name the model, the version and the row", () => {
    const values = [{ dataSectionId: REPEATER, dataFieldId: FIELD, row: 4, value: null }];
    expect(addRowInput(target, 7, values)).toEqual({ ...target, ifMatch: 7, values });
    expect(deleteRowInput(target, 8, REPEATER, 2)).toEqual({ ...target, ifMatch: 8, dataSectionId: REPEATER, row: 2 });
  });
});
