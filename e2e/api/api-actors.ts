import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type APIRequestContext, type APIResponse, expect } from "@playwright/test";
import { uniqueClientAddress } from "../fixtures";

/**
 * Browser-free setup for the API specs: users signed up through better-auth's REST endpoint, organizations and API
 * keys made through tRPC with the session cookie, data through REST with the key, exactly as a script would.
 */

// The app playwright.config.ts starts; E2E_BASE_URL points the API specs at another running instance.
// The app playwright.config.ts starts: E2E_PORT when several checkouts run side by side.
export const BASE_URL = process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 3100}`;
export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

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

/** One request on a fresh context, so no cookie a previous answer set can ride along. */
export async function send(
  request: () => Promise<APIRequestContext>,
  method: string,
  url: string,
  options: { headers?: Record<string, string>; data?: unknown; raw?: string } = {},
): Promise<{ status: number; text: string; response: APIResponse }> {
  const context = await request();
  try {
    const response = await context.fetch(url, {
      method,
      headers: options.headers,
      data: options.raw ?? (options.data === undefined ? undefined : JSON.stringify(options.data)),
      maxRedirects: 0,
    });
    return { status: response.status(), text: await response.text(), response };
  } finally {
    await context.dispose();
  }
}

function cookieHeader(response: APIResponse): string {
  return response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value.split(";")[0]!.trim())
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

export async function trpcMutation<T>(
  request: () => Promise<APIRequestContext>,
  procedure: string,
  input: unknown,
  headers: Record<string, string>,
): Promise<T> {
  const answer = await send(request, "POST", `/api/trpc/${procedure}`, {
    headers: { "content-type": "application/json", ...headers },
    data: input,
  });
  expect(answer.status, `${procedure}: ${answer.text}`).toBe(200);
  return (JSON.parse(answer.text) as { result: { data: T } }).result.data;
}

/** Signs a user up through /api/auth/sign-up/email, then makes an organization and a key for it through tRPC. */
export async function createParty(request: () => Promise<APIRequestContext>, label: string, marker: string): Promise<Party> {
  const email = `${label.toLowerCase()}-${crypto.randomUUID()}@api-matrix.test`;
  const context = await request();
  let cookie: string;
  let userId: string;
  try {
    const response = await context.post("/api/auth/sign-up/email", {
      headers: { origin: BASE_URL, "x-forwarded-for": uniqueClientAddress(), "content-type": "application/json" },
      data: JSON.stringify({ email, password: "correct-horse-battery", name: `${label} ${marker}` }),
    });
    expect(response.status(), await response.text()).toBe(200);
    cookie = cookieHeader(response);
    userId = ((await response.json()) as { user: { id: string } }).user.id;
  } finally {
    await context.dispose();
  }
  expect(cookie, "sign-up set no session cookie").toMatch(/session_token=/);
  const asUser = { cookie, origin: BASE_URL };
  const organizationName = `${label} organization ${marker}`;
  const organization = await trpcMutation<{ id: string }>(request, "organizations.create", { name: organizationName }, asUser);
  const key = await trpcMutation<{ id: string; token: string }>(
    request,
    "apiKeys.create",
    { name: `${label} key ${marker}`, organizationId: organization.id },
    asUser,
  );
  return { label, email, cookie, userId, organizationId: organization.id, organizationName, token: key.token, keyId: key.id };
}

/** The product data models the demo seed ships (prisma/seed/product-data-models.json). */
export function seededProductDataModels(): { id: string; name: string; visibility: string }[] {
  return JSON.parse(readFileSync(path.join(REPO_ROOT, "prisma/seed/product-data-models.json"), "utf8")) as {
    id: string;
    name: string;
    visibility: string;
  }[];
}

export type DiscoveredRoute = { pattern: string; methods: string[]; file: string };

/**
 * Every REST route on disk: src/app/api/<path>/route.ts with the methods it really serves, asked of the running app:
 * every route file exports all seven methods through restRoutes, and an unserved one answers OPTIONS with 405 and an
 * honest `Allow` (before anything else is checked), so the served methods are `Allow` less HEAD (GET's) and OPTIONS.
 * Route files may build their handlers through a factory (dataValuesRoutes, aasRoutes), so their text is not read.
 * A route that answers OPTIONS otherwise gets no methods, so it cannot slip through unchecked.
 */
export async function discoverRestRoutes(request: APIRequestContext): Promise<DiscoveredRoute[]> {
  const root = path.join(REPO_ROOT, "src/app/api");
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") files.push(full);
    }
  };
  walk(root);
  const found = await Promise.all(
    files.map(async (full) => {
      const relative = path.relative(root, path.dirname(full)).split(path.sep).join("/");
      // Any value fills a path parameter: the 405 comes before the path is parsed.
      const concrete = relative.replace(/\[\.\.\.[^\]]+\]/g, "x").replace(/\[[^\]]+\]/g, "00000000-0000-4000-8000-000000000000");
      const response = await request.fetch(`/api/${concrete}`, { method: "OPTIONS" });
      const allow = response.status() === 405 ? (response.headers()["allow"] ?? "") : "";
      const methods = allow
        .split(",")
        .map((method) => method.trim())
        .filter((method) => method !== "" && method !== "HEAD" && method !== "OPTIONS");
      return { pattern: `/${relative}`, methods, file: path.relative(REPO_ROOT, full) };
    }),
  );
  return found.sort((a, b) => a.pattern.localeCompare(b.pattern));
}
