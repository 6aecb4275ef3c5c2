import { describe, expect, it } from "vitest";
import { normaliseIdentifierValue } from "~/domain/gs1/gs1-key";
import { identifierValueProblem, MAX_IDENTIFIER_LENGTH, planNormalisation, type StoredIdentifier } from "~/domain/identifier-values";

const row = (uuid: string, value: string, organizationId = "org-a"): StoredIdentifier => ({ uuid, organizationId, value });
const nothingTaken = () => false;

describe("planNormalisation", () => {
  it("rewrites legacy GS1 forms to the stored form and leaves the rest alone", () => {
    const plan = planNormalisation(
      [
        row("1", "(01)09506000134352(21)A1"),
        row("2", "SN-1"),
        row("3", "/01/09506000134352/21/B2"),
        row("4", "https://x.example/01/9506000134352"),
      ],
      normaliseIdentifierValue,
      nothingTaken,
    );
    expect(plan.updates.map((u) => [u.uuid, u.normalised])).toEqual([
      ["1", "/01/09506000134352/21/A1"],
      ["4", "/01/09506000134352"],
    ]);
    expect(plan.invalid).toEqual([]);
    expect(plan.collisions).toEqual([]);
  });

  it("keeps a malformed key as it is, with the reason", () => {
    const plan = planNormalisation([row("1", "(01)09506000134353(21)A1")], normaliseIdentifierValue, nothingTaken);
    expect(plan.updates).toEqual([]);
    expect(plan.invalid).toEqual([{ ...row("1", "(01)09506000134353(21)A1"), message: expect.stringContaining("should end in 2") }]);
  });

  it("rewrites only the first of two forms of one key in an organization, and none whose form is taken", () => {
    const plan = planNormalisation(
      [
        row("1", "(01)09506000134352(21)A1"),
        row("2", "https://x.example/01/09506000134352/21/A1"),
        row("3", "(01)09506000134352(21)A1", "org-b"),
        row("4", "(01)09506000134352(21)C3"),
      ],
      normaliseIdentifierValue,
      (organizationId, value) => organizationId === "org-a" && value === "/01/09506000134352/21/C3",
    );
    expect(plan.updates.map((u) => u.uuid)).toEqual(["1", "3"]);
    expect(plan.collisions.map((c) => [c.uuid, c.normalised])).toEqual([
      ["2", "/01/09506000134352/21/A1"],
      ["4", "/01/09506000134352/21/C3"],
    ]);
  });
});

describe("identifierValueProblem", () => {
  it.each([
    ["", "must not be empty"],
    ["x".repeat(MAX_IDENTIFIER_LENGTH + 1), `at most ${MAX_IDENTIFIER_LENGTH} characters`],
    ["A\u0000B", "NUL"],
    ["A\ud800B", "lone surrogate"],
    ["A\udc00", "lone surrogate"],
  ])("refuses %j (%s), and so does every normalisation of a written identifier", (value, reason) => {
    expect(identifierValueProblem(value)).toContain(reason);
    expect(normaliseIdentifierValue(value)).toEqual({ message: identifierValueProblem(value) });
  });

  it.each(["x".repeat(MAX_IDENTIFIER_LENGTH), "SN-1", "emoji 😀", "https://id.example/01/09506000134352/21/A1"])(
    "accepts %j",
    (value) => {
      expect(identifierValueProblem(value)).toBeUndefined();
    },
  );
});
