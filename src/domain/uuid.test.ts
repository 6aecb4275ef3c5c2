import { describe, expect, it } from "vitest";
import { ascendingUuids, isUuid } from "~/domain/uuid";

describe("ascendingUuids", () => {
  it("gives distinct UUIDs in the order PostgreSQL sorts uuids (bytewise, as lower-case hex text)", () => {
    const ids = ascendingUuids(500);
    expect(ids).toHaveLength(500);
    expect(new Set(ids).size).toBe(500);
    expect(ids.every(isUuid)).toBe(true);
    for (let i = 1; i < ids.length; i++) expect((ids[i - 1] ?? "") < (ids[i] ?? "")).toBe(true);
  });
});
