import { readFileSync } from "node:fs";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import { MAX_AASX_UNCOMPRESSED_BYTES, readAasxEnvironment } from "~/domain/aas/read-aasx";
import { aasxPackage } from "../../../tests/integration/support/aasx-package";

const environment = readFileSync("../shared/standards/idta/02099-1-dpp-metadata.json", "utf8");

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : "OTHER";
  }
  return undefined;
}

describe("readAasxEnvironment", () => {
  it("follows the package relationships to the JSON environment", () => {
    expect(readAasxEnvironment(aasxPackage(environment))).toEqual(JSON.parse(environment));
  });

  it("resolves a relative target against the origin's folder", () => {
    const bytes = aasxPackage(environment, { environmentPart: "aasx/dpp/environment.json" });
    expect(readAasxEnvironment(bytes)).toEqual(JSON.parse(environment));
  });

  it("refuses an XML environment with 415 and says why", () => {
    const bytes = aasxPackage("<environment/>", { environmentPart: "aasx/data.xml" });
    expect(codeOf(() => readAasxEnvironment(bytes))).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("refuses bytes that are no zip, and a zip without the relationships, with 400", () => {
    expect(codeOf(() => readAasxEnvironment(strToU8("not a zip at all")))).toBe("BAD_REQUEST");
    expect(codeOf(() => readAasxEnvironment(zipSync({ "a.txt": strToU8("a") })))).toBe("BAD_REQUEST");
  });

  it("refuses parts larger than the limit before inflating them (a zip bomb)", () => {
    const bomb = new Uint8Array(MAX_AASX_UNCOMPRESSED_BYTES + 1);
    const bytes = zipSync({ "_rels/.rels": [bomb, { level: 9 }] });
    expect(bytes.byteLength).toBeLessThan(200_000);
    expect(codeOf(() => readAasxEnvironment(bytes))).toBe("PAYLOAD_TOO_LARGE");
  });
});
