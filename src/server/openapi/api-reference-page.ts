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
<link rel="stylesheet" href="/docs/api/a11y.css">
</head>
<body>
<nav aria-label="Passport Studio" style="font-family: sans-serif; padding: 0.75rem 1.25rem; border-bottom: 1px solid #ddd">
<a href="/">Passport Studio</a> · <a href="/settings/api-keys">API keys</a> · <a href="/api/openapi.json">openapi.json</a>
</nav>
<div id="swagger-ui"></div>
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

// Swagger UI's markup fails axe in places no stylesheet can fix (docs/api.md, The reference page); each
// render is mended as it lands: the server select gets a name, headings get levels that follow the page's h1, the
// link inside each operation's toggle button stops being a second focusable control inside it (the button toggles,
// and deep linking still updates the address), every part in a landmark, and scrolling code samples take focus.
function mend(root) {
  for (const select of root.querySelectorAll("select#servers:not([aria-label])")) select.setAttribute("aria-label", "Server");
  for (const heading of root.querySelectorAll("h3.opblock-tag:not([aria-level])")) heading.setAttribute("aria-level", "2");
  for (const link of root.querySelectorAll(".opblock-summary-control a[href]")) link.removeAttribute("href");
  for (const heading of root.querySelectorAll("h4:not([aria-level])")) heading.setAttribute("aria-level", "3");
  for (const heading of root.querySelectorAll("h5:not([aria-level])")) heading.setAttribute("aria-level", "4");
  // Swagger UI's <main> holds the operations; what it renders before them becomes named regions, so every part of
  // the page is in a landmark.
  for (const part of root.querySelectorAll(".information-container:not([role]), .scheme-container:not([role])")) {
    part.setAttribute("role", "region");
    part.setAttribute("aria-label", part.classList.contains("scheme-container") ? "Server and authorization" : "About this API");
  }
  // Code samples scroll sideways: a keyboard must be able to reach them.
  for (const code of root.querySelectorAll("pre.microlight:not([tabindex])")) code.setAttribute("tabindex", "0");
}
const container = document.getElementById("swagger-ui");
mend(container);
new MutationObserver(() => mend(container)).observe(container, { childList: true, subtree: true });
`;

/**
 * Colours of Swagger UI's theme that fail WCAG AA contrast (white on light method badges, light green and blue text),
 * darkened to pass 4.5:1; layout is untouched.
 */
const A11Y_CSS = `.swagger-ui .opblock.opblock-get .opblock-summary-method{background:#1b5f9e}
.swagger-ui .opblock.opblock-post .opblock-summary-method{background:#17693f}
.swagger-ui .opblock.opblock-put .opblock-summary-method{background:#8a4b00}
.swagger-ui .opblock.opblock-patch .opblock-summary-method{background:#0d6b58}
.swagger-ui .opblock.opblock-delete .opblock-summary-method{background:#b3261e}
.swagger-ui .opblock.opblock-head .opblock-summary-method,.swagger-ui .opblock.opblock-options .opblock-summary-method{background:#4b3a8f}
.swagger-ui .info .title small.version-stamp{background-color:#3d6b00}
.swagger-ui .info .title small{background-color:#5c6670}
.swagger-ui .info a,.swagger-ui .info .url,.swagger-ui a.nostyle,.swagger-ui .info .base-url{color:#1d5fa8}
.swagger-ui .btn.authorize{color:#17693f;border-color:#17693f}
.swagger-ui .btn.authorize span{color:#17693f}
.swagger-ui .btn.authorize svg{fill:#17693f}
.swagger-ui .json-schema-2020-12-expand-deep-button{color:#4a4a4a}
.swagger-ui .opblock-tag small,.swagger-ui .opblock .opblock-summary-description{color:#3b4151}
.swagger-ui .parameter__in,.swagger-ui .parameter__type,.swagger-ui .prop-format{color:#555}
.swagger-ui .response-col_links,.swagger-ui .response-col_links i{color:#555}
.swagger-ui .microlight span{color:#f3f3f3 !important}
.swagger-ui .opblock .opblock-section-header h4,.swagger-ui .opblock-description-wrapper p{color:#3b4151}
`;

/** The files the page loads, by the name in its URL. */
const ASSETS: Record<string, { contentType: string; read: () => Promise<string | Buffer> }> = {
  "swagger-ui.css": { contentType: "text/css; charset=utf-8", read: () => fromPackage("swagger-ui.css") },
  "swagger-ui-bundle.js": { contentType: "text/javascript; charset=utf-8", read: () => fromPackage("swagger-ui-bundle.js") },
  "start.js": { contentType: "text/javascript; charset=utf-8", read: () => Promise.resolve(START_SCRIPT) },
  "a11y.css": { contentType: "text/css; charset=utf-8", read: () => Promise.resolve(A11Y_CSS) },
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
