import { afterEach, describe, expect, it, vi } from "vitest";

/** The config is read once per module instance, so each case loads the modules afresh under its environment. */
async function load(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  const config = await import("~/server/config");
  const sameOrigin = await import("~/server/auth/same-origin");
  return { ...config, ...sameOrigin };
}

const cookieWrite = (origin: string, fetchSite = "same-origin") =>
  new Headers({ cookie: "session=1", origin, "sec-fetch-site": fetchSite });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("trusted origins", () => {
  it("trusts localhost, 127.0.0.1 and [::1] of PORT while no BETTER_AUTH_URL is set, plus TRUSTED_ORIGINS", async () => {
    const { trustedOrigins, assertNoCrossSiteWrite } = await load({
      PORT: "3107",
      BETTER_AUTH_URL: undefined,
      TRUSTED_ORIGINS: "http://192.168.1.20:3107, https://Passports.Example.com/",
    });
    expect(trustedOrigins()).toEqual([
      "http://localhost:3107",
      "http://127.0.0.1:3107",
      "http://[::1]:3107",
      "http://192.168.1.20:3107",
      "https://passports.example.com",
    ]);
    for (const origin of ["http://127.0.0.1:3107", "http://192.168.1.20:3107", "https://passports.example.com"]) {
      expect(() => assertNoCrossSiteWrite(cookieWrite(origin), { isWrite: true })).not.toThrow();
    }
  });

  it("trusts only BETTER_AUTH_URL and TRUSTED_ORIGINS once BETTER_AUTH_URL is set", async () => {
    const { trustedOrigins } = await load({ PORT: "3000", BETTER_AUTH_URL: "https://dpp.example.com/", TRUSTED_ORIGINS: undefined });
    expect(trustedOrigins()).toEqual(["https://dpp.example.com"]);
  });

  it("refuses an origin elsewhere with a message that says what to set", async () => {
    const { assertNoCrossSiteWrite } = await load({
      PORT: "3000",
      BETTER_AUTH_URL: "https://dpp.example.com",
      TRUSTED_ORIGINS: undefined,
    });
    expect(() => assertNoCrossSiteWrite(cookieWrite("http://127.0.0.1:3000"), { isWrite: true })).toThrow(
      /does not accept requests from http:\/\/127\.0\.0\.1:3000.*BETTER_AUTH_URL.*TRUSTED_ORIGINS/,
    );
    // A hostile page gets the plain refusal, and a write with no Origin needs Sec-Fetch-Site: same-origin.
    expect(() => assertNoCrossSiteWrite(cookieWrite("https://evil.example", "cross-site"), { isWrite: true })).toThrow(
      "Changes must be made from Passport Studio's own pages; scripts use an API key.",
    );
    expect(() => assertNoCrossSiteWrite(new Headers({ cookie: "session=1" }), { isWrite: true })).toThrow(/own pages/);
    expect(() => assertNoCrossSiteWrite(cookieWrite("http://127.0.0.1:3000"), { isWrite: false })).not.toThrow();
  });

  it("stops the start on an entry that is not an origin", async () => {
    const { getConfig } = await load({ TRUSTED_ORIGINS: "https://ok.example,ftp://files.example,https://x.example/app" });
    expect(() => getConfig()).toThrow(
      /TRUSTED_ORIGINS: "ftp:\/\/files.example" is not an origin.*TRUSTED_ORIGINS: "https:\/\/x.example\/app"/,
    );
  });
});
