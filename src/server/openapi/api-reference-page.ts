import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * The API reference at /docs/api: Swagger UI from the `swagger-ui-dist` package, served from our own origin (no CDN,
 * no web fonts) under the app's Content-Security-Policy. Its bundle needs no eval; its only inline content is
 * styles, which the policy allows. The page's own start-up code is a file too, so no inline script is needed.
 */

export const API_REFERENCE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Passport Studio</title>
<link rel="stylesheet" href="/docs/api/swagger-ui.css">
</head>
<body>
<nav style="font-family: sans-serif; padding: 0.75rem 1.25rem; border-bottom: 1px solid #ddd">
<a href="/">Passport Studio</a> · <a href="/settings/api-keys">API keys</a> · <a href="/api/openapi.json">openapi.json</a>
</nav>
<main id="swagger-ui"></main>
<script src="/docs/api/swagger-ui-bundle.js"></script>
<script src="/docs/api/start.js"></script>
</body>
</html>
`;

// validatorUrl null: Swagger UI would otherwise load a badge from validator.swagger.io.
const START_SCRIPT = `window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  persistAuthorization: false,
});
`;

/** The files the page loads, by the name in its URL. */
const ASSETS: Record<string, { contentType: string; read: () => Promise<string | Buffer> }> = {
  "swagger-ui.css": { contentType: "text/css; charset=utf-8", read: () => fromPackage("swagger-ui.css") },
  "swagger-ui-bundle.js": { contentType: "text/javascript; charset=utf-8", read: () => fromPackage("swagger-ui-bundle.js") },
  "start.js": { contentType: "text/javascript; charset=utf-8", read: () => Promise.resolve(START_SCRIPT) },
};

// The app always runs from the repository's root (scripts/serve-next.ts), where npm installed the package.
function fromPackage(file: string): Promise<Buffer> {
  return readFile(path.join(process.cwd(), "node_modules", "swagger-ui-dist", file));
}

const cache = new Map<string, Promise<string | Buffer>>();

/** An asset of the page, read once per process; undefined for any other name. */
export async function apiReferenceAsset(name: string): Promise<{ contentType: string; body: string | Buffer } | undefined> {
  const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!asset) return undefined;
  let body = cache.get(name);
  if (!body) {
    body = asset.read();
    cache.set(name, body);
  }
  return { contentType: asset.contentType, body: await body };
}
