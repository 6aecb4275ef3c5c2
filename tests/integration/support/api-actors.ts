import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { OPERATOR } from "~/domain/actor";
import { answerBeforeNext } from "~/server/http/answer-before-next";
import { PEER_ADDRESS_HEADER } from "~/server/http/client-address";
import { createOrganization } from "~/server/services/identity/create-organization";
import { createUser } from "~/server/services/identity/create-user";
import { importProductDataModel } from "~/server/services/product-data-models/import-product-data-model";
import { declaredMethods } from "~/server/rest/api-routes";
import { appRouteFiles, dispatchAppRoute } from "./app-routes";
import { REPO_ROOT } from "./processes";
import { startRouteServer } from "./route-server";

/**
 * Setup over HTTP for the API tests that call the app as a script would: users signed up through better-auth's REST
 * endpoint, organizations and API keys made through tRPC with the session cookie, data through REST with the key.
 * The app is every route file behind a real HTTP server in this process (startAppServer), so a test reaches REST,
 * tRPC and /api/auth alike, and methods fetch refuses (TRACE) meet what the app's own server answers before Next.
 */

/** The app's own origin (BETTER_AUTH_URL, support/setup-env.ts): a session's writes must come from it. */
export const APP_ORIGIN = process.env.BETTER_AUTH_URL ?? "http://localhost:3000";

export type AppClient = { origin: string; close: () => Promise<void> };

/** The app as its server (scripts/serve-next.ts) runs it: answerBeforeNext, then the route file Next would pick. */
export function startAppServer(): Promise<AppClient> {
  return startRouteServer(0, {
    dispatch: dispatchAppRoute,
    answerBefore: (incoming, outgoing) => answerBeforeNext(incoming, outgoing, false),
  });
}

export type Party = {
  label: string;
  email: string;
  /** The session cookie from sign-up, as a Cookie header value. */
  cookie: string;
  userId: string;
  organizationId: string;
  organizationName: string;
  token: string;
  keyId: string;
};

export type Answer = { status: number; text: string; headers: Headers };

/** One request, with no cookie jar: no cookie a previous answer set can ride along; redirects are not followed. */
export async function send(
  client: AppClient,
  method: string,
  url: string,
  options: { headers?: Record<string, string>; data?: unknown; raw?: string } = {},
): Promise<Answer> {
  const body = options.raw ?? (options.data === undefined ? undefined : JSON.stringify(options.data));
  const response = await fetch(`${client.origin}${url}`, { method, headers: options.headers, body, redirect: "manual" });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!.trim())
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

export async function trpcMutation<T>(
  client: AppClient,
  procedure: string,
  input: unknown,
  headers: Record<string, string>,
): Promise<T> {
  const answer = await send(client, "POST", `/api/trpc/${procedure}`, {
    headers: { "content-type": "application/json", ...headers },
    data: input,
  });
  expect(answer.status, `${procedure}: ${answer.text}`).toBe(200);
  return (JSON.parse(answer.text) as { result: { data: T } }).result.data;
}

let addressCounter = 0;
/** A client address of its own per sign-up (RFC 5737's 192.0.2.0/24 by process), so sign-up limits never meet. */
function uniqueAddress(): string {
  addressCounter += 1;
  return `192.0.${2 + (process.pid % 200)}.${(addressCounter % 250) + 1}`;
}

/** Signs a user up through /api/auth/sign-up/email, then makes an organization and a key for it through tRPC. */
export async function createParty(client: AppClient, label: string, marker: string): Promise<Party> {
  const email = `${label.toLowerCase()}-${crypto.randomUUID()}@api-matrix.test`;
  const signUp = await send(client, "POST", "/api/auth/sign-up/email", {
    headers: { origin: APP_ORIGIN, [PEER_ADDRESS_HEADER]: uniqueAddress(), "content-type": "application/json" },
    data: { email, password: "correct-horse-battery", name: `${label} ${marker}` },
  });
  expect(signUp.status, signUp.text).toBe(200);
  const cookie = cookieHeader(signUp.headers);
  const userId = (JSON.parse(signUp.text) as { user: { id: string } }).user.id;
  expect(cookie, "sign-up set no session cookie").toMatch(/session_token=/);
  const asUser = { cookie, origin: APP_ORIGIN };
  const organizationName = `${label} organization ${marker}`;
  const organization = await trpcMutation<{ id: string }>(client, "organizations.create", { name: organizationName }, asUser);
  const key = await trpcMutation<{ id: string; token: string }>(
    client,
    "apiKeys.create",
    // The owner's admin key: the most a key can do (docs/security.md, API key scopes).
    { name: `${label} key ${marker}`, organizationId: organization.id, scope: "admin" },
    asUser,
  );
  return { label, email, cookie, userId, organizationId: organization.id, organizationName, token: key.token, keyId: key.id };
}

type SeedProductDataModel = { id: string; name: string; visibility: string };

/**
 * The demo seed's public and private product data models (prisma/seed/product-data-models.json), published anew with
 * fresh ids by an organization of no one: the run's database holds no demo seed, and each caller gets its own copy.
 */
export async function productDataModelsOfNobody(): Promise<{ publicPdm: SeedProductDataModel; privatePdm: SeedProductDataModel }> {
  const seeded = JSON.parse(
    readFileSync(path.join(REPO_ROOT, "prisma/seed/product-data-models.json"), "utf8"),
  ) as SeedProductDataModel[];
  const publicDefinition = seeded.find((pdm) => pdm.visibility === "Public");
  const privateDefinition = seeded.find((pdm) => pdm.visibility === "Private");
  if (!publicDefinition || !privateDefinition) throw new Error("the demo seed has no public and private product data model");
  const owner = await createUser({ email: `pdm-owner-${crypto.randomUUID()}@api-matrix.test`, password: "correct-horse-battery" });
  const organization = await createOrganization({ actor: OPERATOR, name: "Product data models", ownerUserId: owner.id });
  const publish = async (definition: SeedProductDataModel) => {
    const pdm = await importProductDataModel({
      organizationId: organization.id,
      createdByUserId: owner.id,
      definition: { ...definition, id: crypto.randomUUID() },
    });
    return { id: pdm.id, name: pdm.name, visibility: definition.visibility };
  };
  return { publicPdm: await publish(publicDefinition), privatePdm: await publish(privateDefinition) };
}

export type DiscoveredRoute = { pattern: string; methods: string[]; file: string };

/**
 * A catch-all route whose `Allow` differs by path (the AAS read API takes POST on its lookup path only): the paths
 * asked besides the route's own, so every method it serves somewhere is found.
 */
const CATCH_ALL_PATHS: Record<string, string[]> = { "aas/[...path]": ["aas/lookup/shellsByAssetLink"] };

/**
 * Every REST route on disk, src/app/api/<path>/route.ts, with the methods its declaration in the route table names
 * (`declaredMethods`, src/server/rest/api-routes.ts: the one list the route file, its 405 and the OpenAPI document are
 * made from). The app is asked too: every route file exports all seven methods, and an unserved one answers OPTIONS
 * with 405 and an `Allow` naming the served ones (HEAD with GET), which must be the declared ones. A folder that is not
 * the REST API (tRPC, better-auth, the 404 catch-all) has no declaration, hence no methods.
 */
export async function discoverRestRoutes(client: AppClient): Promise<DiscoveredRoute[]> {
  const api = path.join(REPO_ROOT, "src/app/api");
  const files = appRouteFiles()
    .map((route) => route.file)
    .filter((file) => file.startsWith(`${api}${path.sep}`));
  const found = await Promise.all(
    files.map(async (full) => {
      const relative = path.relative(api, path.dirname(full)).split(path.sep).join("/");
      const methods = declaredMethods(`/api/${relative}`.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}"));
      if (methods.length > 0) {
        // Any value fills a path parameter: the 405 comes before the path is parsed.
        const concrete = relative.replace(/\[\.\.\.[^\]]+\]/g, "x").replace(/\[[^\]]+\]/g, "00000000-0000-4000-8000-000000000000");
        const allowed = new Set<string>();
        for (const asked of [concrete, ...(CATCH_ALL_PATHS[relative] ?? [])]) {
          const response = await send(client, "OPTIONS", `/api/${asked}`);
          expect(response.status, `OPTIONS /api/${asked}`).toBe(405);
          for (const method of (response.headers.get("allow") ?? "").split(", ")) if (method !== "HEAD") allowed.add(method);
        }
        expect([...allowed].sort(), `${relative}: the app's Allow is its declaration`).toEqual([...methods].sort());
      }
      return { pattern: `/${relative}`, methods, file: path.relative(REPO_ROOT, full) };
    }),
  );
  return found.sort((a, b) => a.pattern.localeCompare(b.pattern));
}
