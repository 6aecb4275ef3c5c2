import { describe, expect, it } from "vitest";
import { aasFileName } from "~/domain/aas/aas-file-name";

describe("aasFileName", () => {
  it("names the JSON and the AASX alike: the name, sanitized, and the version", () => {
    expect(aasFileName("Battery Pack 42", "3", "json")).toBe("Battery-Pack-42-v3.aas.json");
    expect(aasFileName("Battery Pack 42", "3", "aasx")).toBe("Battery-Pack-42-v3.aasx");
    expect(aasFileName("Batterie Étoile", "3.2", "aasx")).toBe("Batterie-Etoile-v3.2.aasx");
  });

  it("keeps no character a file system or a header would refuse, and never an empty name", () => {
    expect(aasFileName('a/b\\c"d:e*?<>|', "1", "aasx")).toBe("a-b-c-d-e-v1.aasx");
    expect(aasFileName("../../etc/passwd", "1", "json")).toBe("etc-passwd-v1.aas.json");
    expect(aasFileName("電池", "1", "aasx")).toBe("passport-v1.aasx");
    expect(aasFileName("x".repeat(200), "7", "aasx")).toBe(`${"x".repeat(60)}-v7.aasx`);
  });
});
