import { beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "~/server/trpc/_app";
import { createCallerFactory } from "~/server/trpc/trpc";
import { expectError } from "./support/contract";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * Languages (issue 24, docs/languages.md): an organization's default language and published languages, set over
 * REST (the PATCH that also takes the registry settings) and tRPC, stored canonical, the default first.
 */

let world: World;
const orgPath = () => `/api/organizations/${world.organization.id}`;

beforeAll(async () => {
  world = await createWorld("languages");
});

describe("organization languages", () => {
  it("starts in English only", async () => {
    const got = await api<Record<string, unknown>>("GET", orgPath(), { token: world.token });
    expect(got.body).toMatchObject({ defaultLanguage: "en", publishedLanguages: ["en"] });
  });

  it("sets the languages over REST, canonical, the default first, keeping the registry settings", async () => {
    const set = await api<Record<string, unknown>>("PATCH", orgPath(), {
      token: world.token,
      body: { economicOperatorId: "DE123456789012345", defaultLanguage: "DE", publishedLanguages: ["en", "fr", "de"] },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({
      economicOperatorId: "DE123456789012345",
      defaultLanguage: "de",
      publishedLanguages: ["de", "en", "fr"],
    });
    const kept = await api<Record<string, unknown>>("PATCH", orgPath(), { token: world.token, body: { backupBaseUrl: null } });
    expect(kept.body).toMatchObject({ defaultLanguage: "de", publishedLanguages: ["de", "en", "fr"] });
  });

  it("refuses an invalid tag, a language twice and a list without the default, storing nothing", async () => {
    for (const body of [
      { defaultLanguage: "not a tag" },
      { publishedLanguages: ["de", "DE"] },
      { publishedLanguages: [] },
      { publishedLanguages: ["en"] },
      { economicOperatorId: "DE999", publishedLanguages: ["fr"] },
    ]) {
      expectError(await api("PATCH", orgPath(), { token: world.token, body }), 400);
    }
    const got = await api<Record<string, unknown>>("GET", orgPath(), { token: world.token });
    expect(got.body).toMatchObject({ economicOperatorId: "DE123456789012345", publishedLanguages: ["de", "en", "fr"] });
  });

  it("sets them over tRPC, for members only", async () => {
    const caller = createCallerFactory(appRouter)({ headers: new Headers(), actor: world.actor });
    const organization = await caller.organizations.updateLanguages({
      organizationId: world.organization.id,
      defaultLanguage: "en",
    });
    expect(organization).toMatchObject({ defaultLanguage: "en", publishedLanguages: ["en", "de", "fr"] });
    const other = await createWorld("languages-other");
    const stranger = createCallerFactory(appRouter)({ headers: new Headers(), actor: other.actor });
    await expect(
      stranger.organizations.updateLanguages({ organizationId: world.organization.id, defaultLanguage: "fr" }),
    ).rejects.toThrow();
  });
});
