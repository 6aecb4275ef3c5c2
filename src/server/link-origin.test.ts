import { afterEach, describe, expect, it, vi } from "vitest";

/** The config is read once per module instance, so each case loads it afresh under its environment. */
async function load(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  return import("~/server/config");
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the origin of links (QR codes, passport links)", () => {
  it("uses the origin the request came in on when it is trusted, without BETTER_AUTH_URL", async () => {
    const { linkOrigin, publicBaseUrl } = await load({
      PORT: "3107",
      BETTER_AUTH_URL: undefined,
      PUBLIC_BASE_URL: undefined,
      TRUSTED_ORIGINS: "http://192.168.1.20:3107",
    });
    expect(linkOrigin("http://127.0.0.1:3107")).toBe("http://127.0.0.1:3107");
    expect(publicBaseUrl("http://192.168.1.20:3107")).toBe("http://192.168.1.20:3107");
    // An untrusted Host chooses nothing.
    expect(linkOrigin("http://evil.example:3107")).toBe("http://localhost:3107");
    expect(linkOrigin(undefined)).toBe("http://localhost:3107");
  });

  it("keeps BETTER_AUTH_URL and PUBLIC_BASE_URL whatever the request", async () => {
    const auth = await load({ PORT: "3000", BETTER_AUTH_URL: "https://dpp.example.com", PUBLIC_BASE_URL: undefined });
    expect(auth.publicBaseUrl("http://127.0.0.1:3000")).toBe("https://dpp.example.com");
    const base = await load({ PORT: "3000", BETTER_AUTH_URL: undefined, PUBLIC_BASE_URL: "https://id.example.com/" });
    expect(base.publicBaseUrl("http://127.0.0.1:3000")).toBe("https://id.example.com");
  });

  it("reads the request's origin from its Origin header, else its Host", async () => {
    const { requestOriginOf } = await load({ PORT: "3107" });
    expect(requestOriginOf(new Headers({ origin: "http://127.0.0.1:3107", host: "localhost:3107" }))).toBe("http://127.0.0.1:3107");
    expect(requestOriginOf(new Headers({ host: "127.0.0.1:3107" }))).toBe("http://127.0.0.1:3107");
    expect(requestOriginOf(new Headers({ origin: "null", host: "[::1]:3107" }))).toBe("http://[::1]:3107");
    expect(requestOriginOf(new Headers())).toBeUndefined();
  });

  it("mails' links (verification, password reset, invitation) use the trusted origin of the request", async () => {
    await load({ PORT: "3107", BETTER_AUTH_URL: undefined, PUBLIC_BASE_URL: undefined, TRUSTED_ORIGINS: undefined });
    const { verificationLink } = await import("~/server/mail/verification-mail");
    const { passwordResetLink } = await import("~/server/mail/password-reset-mail");
    const { invitationLink } = await import("~/server/services/invitations/internal/invitation-dto");
    expect(verificationLink("t", "http://127.0.0.1:3107")).toBe("http://127.0.0.1:3107/verify-email?token=t");
    expect(passwordResetLink("t", "http://127.0.0.1:3107")).toBe("http://127.0.0.1:3107/reset-password?token=t");
    expect(invitationLink("i", "http://127.0.0.1:3107")).toBe("http://127.0.0.1:3107/invitations/i");
    // A forged origin, and no request at all (the CLI), give the public origin.
    expect(verificationLink("t", "http://evil.example")).toBe("http://localhost:3107/verify-email?token=t");
    expect(invitationLink("i")).toBe("http://localhost:3107/invitations/i");
    // With BETTER_AUTH_URL set, mails always point there.
    await load({ PORT: "3107", BETTER_AUTH_URL: "https://dpp.example.com" });
    const again = await import("~/server/mail/password-reset-mail");
    expect(again.passwordResetLink("t", "http://127.0.0.1:3107")).toBe("https://dpp.example.com/reset-password?token=t");
  });
});
