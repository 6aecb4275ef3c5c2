import { createHmac } from "node:crypto";
import { chromium } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_EXECUTABLE } from "../../scripts/support/chromium";
import { ensureAppBuilt, freePort } from "./support/built-app";
import { startNextScript, type ScriptProcess } from "./support/processes";

/**
 * Pages, like the API, answer 503 with Retry-After — never 500 — when the database is away (issue 19 #5). Next
 * answers a page that failed with 500 and better-auth turns a session lookup that could not reach the database into
 * its own "Failed to get session" error: the built app (scripts/serve-next.ts) on a database URL where nothing
 * listens, asked by a signed-in browser (a session cookie signed with the app's secret, as better-auth signs it).
 */

const SECRET = "store-unavailable-pages-secret-0123456789abcdef";
const ORGANIZATION_ID = "6f1c9a52-3d0e-4b7a-9c41-5e2f8a7d1b30";

let app: ScriptProcess;
let origin: string;

/** better-auth's signed cookie: the token, a dot, and the HMAC-SHA256 of the token under the secret in base64. */
function sessionCookie(token: string): string {
  const signature = createHmac("sha256", SECRET).update(token).digest("base64");
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

beforeAll(async () => {
  await ensureAppBuilt();
  const [port, databasePort] = [await freePort(), await freePort()];
  origin = `http://127.0.0.1:${port}`;
  app = startNextScript("scripts/serve-next.ts", [], {
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: `postgresql://postgres@127.0.0.1:${databasePort}/away`,
    BETTER_AUTH_SECRET: SECRET,
    BETTER_AUTH_URL: origin,
    NEXT_TELEMETRY_DISABLED: "1",
  });
  await app.waitForOutput((lines) => lines.some((line) => line.includes(`on port ${port}`)));
}, 900_000);

afterAll(async () => {
  await app?.kill("SIGTERM");
});

describe("with the database away", () => {
  const cookie = sessionCookie("a-session-token-the-database-would-know");

  it.each(["/", `/orgs/${ORGANIZATION_ID}`, `/orgs/${ORGANIZATION_ID}/models`, "/organizations/new"])(
    "the page %s answers 503 with Retry-After (Next's error page, which the browser shows), not 500",
    async (path) => {
      const response = await fetch(`${origin}${path}`, { headers: { cookie }, redirect: "manual" });
      const body = await response.text();
      expect(response.status, body.slice(0, 300)).toBe(503);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(response.headers.get("cache-control")).toContain("no-store");
      expect(response.headers.get("content-type")).toContain("text/html");
    },
  );

  it("a cookie-borne API call answers 503 too (the session lookup could not reach the database)", async () => {
    const response = await fetch(`${origin}/api/organizations`, { headers: { cookie } });
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({ statusCode: 503, message: expect.stringContaining("database") as unknown });
  });

  // The root layout failed, so src/app/global-error.tsx replaces it and loads its words for the browser's language.
  it.each([
    ["en-GB", "en", "Something went wrong", "Passport Studio could not load. Try again in a moment."],
    ["de-DE", "de", "Etwas ist schiefgelaufen", "Passport Studio konnte nicht geladen werden. Versuchen Sie es gleich noch einmal."],
  ])("a browser in %s shows the error page in its language, with a way to try again", async (locale, lang, title, text) => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: ["--no-sandbox", "--disable-gpu"] });
    try {
      const context = await browser.newContext({ locale });
      const [name, value] = cookie.split("=") as [string, string];
      await context.addCookies([{ name, value, url: origin }]);
      const page = await context.newPage();
      await page.goto(`${origin}/orgs/${ORGANIZATION_ID}`);
      await page.getByRole("heading", { name: title }).waitFor();
      expect(await page.locator("html").getAttribute("lang")).toBe(lang);
      expect(await page.getByText(text).count()).toBe(1);
      expect(await page.getByRole("button").count()).toBe(1);
      expect(await page.title()).toBe(`${title} · Passport Studio`);
    } finally {
      await browser.close();
    }
  });

  it("a page that needs no database still answers 200, and its scripts carry no other language's catalogue", async () => {
    const response = await fetch(`${origin}/sign-in`);
    expect(response.status).toBe(200);
    // The error page above is on every page; it once carried all three catalogues whole (224 KB of script).
    const scripts = [...new Set((await response.text()).match(/\/_next\/static\/chunks\/[\w.-]+\.js/g))];
    expect(scripts.length).toBeGreaterThan(0);
    const bodies = await Promise.all(scripts.map(async (script) => (await fetch(`${origin}${script}`)).text()));
    const foreign = bodies.filter((body) => body.includes("Etwas ist schiefgelaufen") || body.includes("Une erreur s’est produite"));
    expect(foreign).toEqual([]);
  });
});
