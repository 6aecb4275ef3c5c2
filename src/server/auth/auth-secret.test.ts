import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readOrCreateAuthSecret, UnusableAuthSecretError } from "~/server/auth/auth-secret";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function setUp(fileContent?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "auth-secret-"));
  dirs.push(dataDir);
  if (fileContent !== undefined) writeFileSync(path.join(dataDir, "auth-secret"), fileContent);
  const warnings: string[] = [];
  const read = (signingKeyCount = 0, given?: string) =>
    readOrCreateAuthSecret({ dataDir, given, signingKeyCount, warn: (message) => warnings.push(message) });
  return { dataDir, warnings, read };
}

describe("the auth secret npm start hands the app", () => {
  it("generates a missing one into DATA_DIR, private, and says so as a warning; the next start reads it silently", () => {
    const { dataDir, warnings, read } = setUp();
    const secret = read();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(path.join(dataDir, "auth-secret")).mode & 0o777).toBe(0o600);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("a new auth secret was generated");
    expect(read()).toBe(secret);
    expect(warnings).toHaveLength(1);
  });

  it("warns that existing signing keys cannot be opened when a secret is generated for a database that has them", () => {
    const { warnings, read } = setUp();
    read(2);
    expect(warnings[0]).toContain("2 signing key(s) sealed under an earlier secret");
    expect(warnings[0]).toContain("rotates its key");
  });

  it.each([
    ["too short", "abc123"],
    ["empty", ""],
    ["damaged", `${"a".repeat(20)}\u0000\u0001${"b".repeat(20)}`],
  ])("refuses to start with a message on a %s file, and leaves it as it was", (_name, content) => {
    const { dataDir, warnings, read } = setUp(content);
    expect(() => read()).toThrow(UnusableAuthSecretError);
    expect(() => read()).toThrow(/cannot be used .* Restore the file from a backup, or set BETTER_AUTH_SECRET/);
    expect(readFileSync(path.join(dataDir, "auth-secret"), "utf8")).toBe(content);
    expect(warnings).toEqual([]);
  });

  it("takes BETTER_AUTH_SECRET when given, and touches no file", () => {
    const { dataDir, warnings, read } = setUp();
    expect(read(0, "given-secret-0123456789abcdef-0123456789")).toBe("given-secret-0123456789abcdef-0123456789");
    expect(warnings).toEqual([]);
    expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(false);
  });
});
