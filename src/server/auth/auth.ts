import { apiKey } from "@better-auth/api-key";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { organization } from "better-auth/plugins";
import { getDb } from "~/server/db/client";
import { getConfig } from "~/server/config";

/**
 * better-auth owns users, password hashes, cookie sessions, organizations with their members, and API keys (stored
 * as hashes; the plain key is returned once, on creation). Ids are UUIDs because the REST contract's path ids are.
 */

export const API_KEY_PREFIX = "ps_";

function createAuth() {
  return betterAuth({
    database: prismaAdapter(getDb(), { provider: "postgresql" }),
    secret: process.env.BETTER_AUTH_SECRET,
    baseURL: process.env.BETTER_AUTH_URL ?? `http://localhost:${getConfig().PORT}`,
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128 },
    advanced: { database: { generateId: () => crypto.randomUUID() } },
    telemetry: { enabled: false },
    plugins: [
      organization({ allowUserToCreateOrganization: true }),
      apiKey({
        defaultPrefix: API_KEY_PREFIX,
        // Keys are resolved by src/server/auth/resolve-actor.ts from `api_token` or `Authorization: Bearer`.
        apiKeyHeaders: ["api_token"],
        rateLimit: { enabled: false },
        startingCharactersConfig: { shouldStore: true, charactersLength: 8 },
      }),
      // Must stay last: lets server actions set cookies through Next's cookies() API.
      nextCookies(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as unknown as { passportStudioAuth?: Auth };

export function getAuth(): Auth {
  globalForAuth.passportStudioAuth ??= createAuth();
  return globalForAuth.passportStudioAuth;
}
