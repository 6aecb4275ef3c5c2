import { readFileSync } from "node:fs";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import { AASX_ZIP_BUDGET, readAasxEnvironment } from "~/domain/aas/read-aasx";
import { handmadeZip } from "~/domain/archive/zip-bombs.fixture";
import { aasxPackage } from "../../../tests/integration/support/aasx-package";

const environment = readFileSync("../shared/standards/idta/02099-1-dpp-metadata.json", "utf8");

async function codeOf(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (error) {
    return error instanceof AppError ? error.code : "OTHER";
  }
  return undefined;
}

describe("readAasxEnvironment", () => {
  it("follows the package relationships to the JSON environment", async () => {
    expect(await readAasxEnvironment(aasxPackage(environment))).toEqual(JSON.parse(environment));
  });

  it("resolves a relative target against the origin's folder", async () => {
    const bytes = aasxPackage(environment, { environmentPart: "aasx/dpp/environment.json" });
    expect(await readAasxEnvironment(bytes)).toEqual(JSON.parse(environment));
  });

  it("refuses an XML environment with 415 and says why", async () => {
    const bytes = aasxPackage("<environment/>", { environmentPart: "aasx/data.xml" });
    expect(await codeOf(() => readAasxEnvironment(bytes))).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("refuses bytes that are no zip, and a zip without the relationships, with 400", async () => {
    expect(await codeOf(() => readAasxEnvironment(strToU8("not a zip at all")))).toBe("BAD_REQUEST");
    expect(await codeOf(() => readAasxEnvironment(zipSync({ "a.txt": strToU8("a") })))).toBe("BAD_REQUEST");
  });

  it("refuses an environment part that inflates past the budget, whatever size it declares (a zip bomb)", async () => {
    const [rels, originRels] = [aasxPart("_rels/.rels"), aasxPart("aasx/_rels/aasx-origin.rels")];
    const bytes = handmadeZip([
      { name: "_rels/.rels", text: rels },
      { name: "aasx/_rels/aasx-origin.rels", text: originRels },
      { name: "aasx/data.json", repeat: { byte: 0x20, bytes: AASX_ZIP_BUDGET.maxBytes + 1 }, declaredSize: 100 },
    ]);
    expect(bytes.byteLength).toBeLessThan(AASX_ZIP_BUDGET.maxBytes / 100);
    expect(await codeOf(() => readAasxEnvironment(bytes))).toBe("PAYLOAD_TOO_LARGE");
  });
});

/** A part of the test package, as text. */
function aasxPart(name: string): string {
  return strFromU8(unzipSync(aasxPackage("{}"))[name] ?? new Uint8Array());
}
