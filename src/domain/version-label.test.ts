import { describe, expect, it } from "vitest";
import { nextFreeVersionLabel } from "~/domain/version-label";

describe("nextFreeVersionLabel", () => {
  it("keeps a label no publication has", () => {
    expect(nextFreeVersionLabel("1.0.0", [])).toBe("1.0.0");
    expect(nextFreeVersionLabel("2.0.0", ["1.0.0"])).toBe("2.0.0");
  });

  it("moves a published x.y.z label to the next free minor version", () => {
    expect(nextFreeVersionLabel("1.0.0", ["1.0.0"])).toBe("1.1.0");
    expect(nextFreeVersionLabel("1.0.0", ["1.0.0", "1.1.0", "1.2.0"])).toBe("1.3.0");
    expect(nextFreeVersionLabel("1.2.3", ["1.2.3"])).toBe("1.3.0");
    expect(nextFreeVersionLabel("v1.0.0-beta", ["v1.0.0-beta"])).toBe("v1.1.0-beta");
  });

  it("moves another label's last number on, or numbers a label without one", () => {
    expect(nextFreeVersionLabel("v2", ["v2", "v3"])).toBe("v4");
    expect(nextFreeVersionLabel("2024.1", ["2024.1"])).toBe("2024.2");
    expect(nextFreeVersionLabel("first", ["first", "first 2"])).toBe("first 3");
  });
});
