import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, zodIssueCount, zodIssues } from "~/domain/app-error";

describe("AppError", () => {
  it("carries code, message, issues and its name", () => {
    const error = new AppError("CONFLICT", "Already there", [{ path: "$[0]", message: "dup" }]);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("AppError");
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe("Already there");
    expect(error.issues).toEqual([{ path: "$[0]", message: "dup" }]);
  });

  it("leaves issues undefined when none are given", () => {
    expect(new AppError("NOT_FOUND", "Model not found").issues).toBeUndefined();
  });
});

describe("zodIssues", () => {
  const schema = z.strictObject({ a: z.array(z.strictObject({ b: z.number() })), c: z.string() });

  it("turns zod paths into JSON paths", () => {
    const result = schema.safeParse({ a: [{ b: 1 }, { b: "x" }], c: 5 });
    expect(result.success).toBe(false);
    const issues = zodIssues(result.error!);
    expect(issues.map((i) => i.path)).toEqual(["$.a[1].b", "$.c"]);
    expect(issues.every((i) => i.message.length > 0)).toBe(true);
  });

  it("reports each unknown key at its own path", () => {
    const result = schema.safeParse({ a: [{ b: 1, x: 1, y: 2 }], c: "ok" });
    expect(zodIssues(result.error!)).toEqual([
      { path: "$.a[0].x", message: 'Unknown key "x"' },
      { path: "$.a[0].y", message: 'Unknown key "y"' },
    ]);
  });

  it("prepends a path prefix", () => {
    const result = z.array(z.number()).safeParse([1, "2"]);
    expect(zodIssues(result.error!, "$.values").map((i) => i.path)).toEqual(["$.values[1]"]);
  });
});

describe("issue cap", () => {
  const issues = (n: number) => Array.from({ length: n }, (_, i) => ({ path: `$[${i}]`, message: "bad" }));

  it("keeps the first 100 issues and says how many more there were", () => {
    const error = new AppError("VALIDATION", "Invalid.", issues(12_445));
    expect(error.issues).toHaveLength(100);
    expect(error.moreIssues).toBe(12_345);
    expect(error.message).toBe("Invalid. The first 100 issues are listed, …and 12,345 more issues.");
  });

  it("counts issues a bounded validation found but did not keep", () => {
    const error = new AppError("VALIDATION", "Invalid.", issues(100), undefined, 150);
    expect(error.moreIssues).toBe(50);
    expect(new AppError("VALIDATION", "Invalid.", issues(3)).moreIssues).toBe(0);
  });

  it("zodIssues stops at a limit and zodIssueCount counts every unknown key", () => {
    const keys = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i]));
    const result = z.strictObject({}).safeParse(keys);
    expect(zodIssues(result.error!, "$", 100)).toHaveLength(100);
    expect(zodIssueCount(result.error!)).toBe(500);
  });
});
