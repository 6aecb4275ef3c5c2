import { describe, expect, it } from "vitest";
import type { AccessLevel } from "~/domain/field-options";
import type { TPassport } from "~/domain/passport-schema";
import { cutWithoutRaised } from "~/domain/versions/reissue-cut";

const field = (id: string) => ({ id, name: id, type: "TextField", options: {}, granularityLevel: "Model", layout: {} });

function passportWith(section: Record<string, unknown>): TPassport {
  return {
    hiddenFieldCount: 1,
    dataSections: [{ id: "s", hiddenFieldCount: 1, dataFields: [], dataValues: [], ...section }],
  } as unknown as TPassport;
}

const raisedNotes = (sectionId: string, fieldId: string): AccessLevel | undefined =>
  sectionId === "s" && fieldId === "notes" ? "legitimate-interest" : fieldId === "gone" ? undefined : "public";

describe("cutWithoutRaised", () => {
  it("leaves a raised field out of the cut — definition, values, languages — and a row that held nothing else", () => {
    const cut = cutWithoutRaised(
      passportWith({
        dataFields: [field("name"), field("notes"), field("gone")],
        dataValues: [{ name: "A", notes: "x", gone: null }, { notes: "only" }],
        rowPaths: [[0], [1]],
        dataValueLanguages: [{ notes: { de: "y" } }, { notes: { de: "z" } }],
      }),
      "public",
      raisedNotes,
    );
    expect(cut?.hiddenFieldCount).toBe(2);
    expect(cut?.dataSections[0]).toEqual({
      id: "s",
      hiddenFieldCount: 2,
      dataFields: [field("name"), field("gone")],
      dataValues: [{ name: "A", gone: null }],
      rowPaths: [[0]],
    });
  });

  it("answers undefined when the level still reads every field it shows, so the cut stays as signed", () => {
    const passport = passportWith({ dataFields: [field("notes")], dataValues: [{ notes: "x" }] });
    expect(cutWithoutRaised(passport, "legitimate-interest", raisedNotes)).toBeUndefined();
  });
});
