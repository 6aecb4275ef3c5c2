import type { DeclaredCaching } from "~/server/http/cache-policy";
import { declaredRoutesOf } from "~/server/rest/declared-routes";

/**
 * Every route handler outside /api, declared once, like the REST API's (src/server/rest/api-routes.ts): each route
 * file names its entry, `publicRoutes("/p/{uuid}", { GET: … })`, and from the entry come the methods it serves, its
 * 405's `Allow` and each success answer's `Cache-Control` (src/server/rest/declared-routes.ts);
 * src/server/rest/api-routes.test.ts checks that every route file outside /api names its own folder's entry and every
 * entry has its file. All are public: none reads the session; `grant` marks those where a `?grant=` raises the level
 * read (docs/api.md §Passports), `public` those that answer everyone alike.
 */
export type PublicRoute = {
  path: string;
  method: "get";
  reader: "public" | "grant";
  /** Undefined: the answer states no caching, and is refused shared or static caching only. */
  cache: DeclaredCaching | undefined;
};

/** Key documents change only when a key is made, retired or moves domain (src/server/public-pages/version-routes.ts). */
const KEY_DOCUMENT: DeclaredCaching = { kind: "static", maxAgeS: 60 };

/** A GS1 Digital Link path: a 307 to the passport page, stored by no cache (where a key leads changes). */
const digitalLink = (path: string): PublicRoute => ({ path, method: "get", reader: "public", cache: "none" });

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { path: "/.well-known/did.json", method: "get", reader: "public", cache: KEY_DOCUMENT },
  { path: "/.well-known/gs1resolver", method: "get", reader: "public", cache: { kind: "static", maxAgeS: 86_400 } },
  { path: "/.well-known/jwks.json", method: "get", reader: "public", cache: KEY_DOCUMENT },
  digitalLink("/01/{gtin}"),
  digitalLink("/01/{gtin}/10/{lot}"),
  digitalLink("/01/{gtin}/10/{lot}/21/{serial}"),
  digitalLink("/01/{gtin}/21/{serial}"),
  // The API reference page has never stated its caching; declaring one would change its answer.
  { path: "/docs/api", method: "get", reader: "public", cache: undefined },
  { path: "/docs/api/{asset}", method: "get", reader: "public", cache: { kind: "static", maxAgeS: 3600 } },
  { path: "/orgs/{orgId}/did.json", method: "get", reader: "public", cache: KEY_DOCUMENT },
  { path: "/orgs/{orgId}/jwks.json", method: "get", reader: "public", cache: KEY_DOCUMENT },
  { path: "/p/{uuid}", method: "get", reader: "grant", cache: "reader" },
  { path: "/p/{uuid}/qr.png", method: "get", reader: "public", cache: "shared" },
  { path: "/p/{uuid}/qr.svg", method: "get", reader: "public", cache: "shared" },
  { path: "/p/{uuid}/versions", method: "get", reader: "grant", cache: "reader" },
  { path: "/p/{uuid}/versions/{n}", method: "get", reader: "grant", cache: "reader" },
];

export const {
  routes: publicRoutes,
  declaredMethods: declaredPublicMethods,
  servedDeclarations: servedPublicDeclarations,
} = declaredRoutesOf(PUBLIC_ROUTES, "the public route table");
