import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeAasIdentifier,
  elementAt,
  encodeAasIdentifier,
  idShortPaths,
  pageOf,
  parseAasPath,
  submodelElementsOf,
  submodelValue,
} from "~/domain/aas/read-api";
import type { Jsonable } from "~/domain/aas/export-metadata";
import { AppError } from "~/domain/app-error";

const submodel: Jsonable = {
  modelType: "Submodel",
  id: "https://example.com/sm",
  submodelElements: [
    { modelType: "Property", idShort: "Weight", valueType: "xs:decimal", value: "12.5" },
    { modelType: "Property", idShort: "Ok", valueType: "xs:boolean", value: "true" },
    { modelType: "MultiLanguageProperty", idShort: "Name", value: [{ language: "de", text: "Größe" }] },
    {
      modelType: "SubmodelElementList",
      idShort: "Rows",
      value: [
        {
          modelType: "SubmodelElementCollection",
          value: [{ modelType: "Property", idShort: "Cell", valueType: "xs:string", value: "A" }],
        },
      ],
    },
  ],
};

describe("AAS read API mapping", () => {
  it("round-trips any identifier through base64url, and refuses what is not base64url", () => {
    // Any well-formed text, astral characters included (a filter over "binary" strings rejected most of its draws).
    const text = fc.string({ minLength: 1, unit: "grapheme" });
    fc.assert(
      fc.property(text, (id) => {
        expect(decodeAasIdentifier(encodeAasIdentifier(id), "id")).toBe(id);
      }),
    );
    for (const bad of ["*", "a", "a+b/", "\u00e9", "wg"]) expect(() => decodeAasIdentifier(bad, "id"), bad).toThrow(AppError);
  });

  it("parses the profiles' paths by shape before their ids: a path no profile serves is 404 whatever its ids", () => {
    const id = encodeAasIdentifier("https://example.com/aas");
    expect(parseAasPath(["shells", id, "submodel-refs"])).toEqual({
      kind: "shell",
      shellId: "https://example.com/aas",
      part: "submodel-refs",
    });
    expect(parseAasPath(["submodels", id, "submodel-elements", "Rows[0].Cell", "$value"])).toMatchObject({
      kind: "submodel",
      target: { kind: "element", idShortPath: "Rows[0].Cell", modifier: "$value" },
    });
    expect(() => parseAasPath(["shells", "*", "nothing"])).toThrow(expect.objectContaining({ code: "NOT_FOUND" }));
    expect(() => parseAasPath(["shells", "*"])).toThrow(expect.objectContaining({ code: "BAD_REQUEST" }));
  });

  it("addresses elements by idShort path, lists the paths, and gives the ValueOnly form", () => {
    expect(elementAt(submodel, "Rows[0].Cell")).toMatchObject({ value: "A" });
    expect(elementAt(submodel, "Rows[1].Cell")).toBeNull();
    expect(elementAt(submodel, "Weight[0]")).toBeNull();
    expect(idShortPaths(submodelElementsOf(submodel))).toEqual(["Weight", "Ok", "Name", "Rows", "Rows[0]", "Rows[0].Cell"]);
    expect(submodelValue(submodel)).toEqual({ Weight: 12.5, Ok: true, Name: [{ de: "Größe" }], Rows: [{ Cell: "A" }] });
  });

  it("pages with an opaque cursor until the end, each item once", () => {
    const items = Array.from({ length: 7 }, (_, i) => i);
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = pageOf(items, 3, cursor);
      seen.push(...page.result);
      cursor = page.paging_metadata.cursor;
    } while (cursor);
    expect(seen).toEqual(items);
    expect(() => pageOf(items, 3, "bm90IGpzb24")).toThrow(AppError);
  });
});
