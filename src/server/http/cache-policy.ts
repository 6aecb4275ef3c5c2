import { createHash } from "node:crypto";
import { SHARED_MAX_AGE_S, STALE_WHILE_REVALIDATE_S, surrogateKeyOf } from "~/server/http/shared-cache";

/**
 * The one implementation of how an answer may be cached (docs/api.md §Caching): each route declares a policy, and
 * this module turns it into `Cache-Control`, `Surrogate-Key`/`Cache-Tag`, `Vary` and `Content-Language`, and answers a
 * conditional request (`If-None-Match` naming the current ETag) with 304 before the body is made. The purge of shared
 * caches after a write is the other half, src/server/http/shared-cache.ts.
 */

/**
 * - `none`: never stored (a redirect whose target moves, a download of the caller's data, an error page);
 * - `private`: the reader's browser only, revalidated on every use (a member's or a grant holder's answer);
 * - `shared`: any cache for SHARED_MAX_AGE_S seconds, purged by its surrogate key (an anonymous passport, its page,
 *   codes, versions and DPP reads; the global JWKS);
 * - `static`: the same for everyone until a deploy or for `maxAgeS` (the OpenAPI document, the resolver description).
 */
export type CachePolicy =
  | { kind: "none" }
  | { kind: "private" }
  | { kind: "shared"; surrogateKey: string; maxAgeS?: number }
  | { kind: "static"; maxAgeS: number };

export const NO_STORE: CachePolicy = { kind: "none" };
export const PRIVATE: CachePolicy = { kind: "private" };

/** A member's or a grant holder's answer: never in a shared cache, revalidated by the browser on every use. */
export const PRIVATE_CACHE_CONTROL = "private, max-age=0, must-revalidate";

/** An anonymous answer about one model: shared, purged with the model's surrogate key. */
export function sharedAboutModel(modelId: string): CachePolicy {
  return { kind: "shared", surrogateKey: surrogateKeyOf(modelId) };
}

/** Whether a request presents a grant at all, well-formed, empty or not: its answer is then never shared-cacheable. */
export function isGrantRead(request: Request): boolean {
  return new URL(request.url).searchParams.has("grant");
}

/**
 * The policy of a read of a passport (or its versions, page, DPP, AAS shell) at `accessLevel` (docs/api.md
 * §Passports): shared caches keep only the public level read **without** a grant. A request carrying `?grant=` —
 * valid, expired, revoked or unknown — is answered privately even when it falls back to the public level: its URL is
 * one reader's, and a refused grant's answer must never sit in a shared cache.
 */
export function readerPolicy(read: { accessLevel: string; modelId: string; isGrantRead: boolean }): CachePolicy {
  return read.accessLevel === "public" && !read.isGrantRead ? sharedAboutModel(read.modelId) : PRIVATE;
}

/** The headers a policy stands for. */
export function cacheHeaders(policy: CachePolicy): Record<string, string> {
  switch (policy.kind) {
    case "none":
      return { "Cache-Control": "no-store" };
    case "private":
      return { "Cache-Control": PRIVATE_CACHE_CONTROL };
    case "static":
      return { "Cache-Control": `public, max-age=${policy.maxAgeS}` };
    case "shared": {
      const maxAge = policy.maxAgeS ?? SHARED_MAX_AGE_S;
      const cacheControl = `public, max-age=${maxAge}, s-maxage=${maxAge}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`;
      return { "Cache-Control": cacheControl, "Surrogate-Key": policy.surrogateKey, "Cache-Tag": policy.surrogateKey };
    }
  }
}

/**
 * What a route declares of its answers' caching (its entry in the route table, src/server/openapi/rest-api-routes.ts):
 * a policy kind, or `reader` — a read of a passport, `shared` when the public level is read without a grant and
 * `private` otherwise (`readerPolicy`). `static` names its maximum age.
 */
export type DeclaredCaching = "none" | "private" | "reader" | "shared" | { kind: "static"; maxAgeS: number };

/** The kind a declaration names (`reader` included). */
export function declaredKind(declared: DeclaredCaching): Exclude<DeclaredCaching, object> | "static" {
  return typeof declared === "object" ? declared.kind : declared;
}

/**
 * The one policy a declaration stands for, whatever the answer: none, private, static; undefined for `reader` and
 * `shared`, whose answers only their handler can make (a shared answer carries its model's surrogate key).
 */
export function fixedPolicy(declared: DeclaredCaching): CachePolicy | undefined {
  if (typeof declared === "object") return declared;
  return declared === "none" || declared === "private" ? { kind: declared } : undefined;
}

/** The kind a `Cache-Control` this module wrote stands for (`no-store, no-transform` is `none` too). */
function kindOf(cacheControl: string): CachePolicy["kind"] {
  if (/\bno-store\b/.test(cacheControl)) return "none";
  if (/^\s*private\b/.test(cacheControl)) return "private";
  return /\bs-maxage=/.test(cacheControl) ? "shared" : "static";
}

/**
 * Holds a success answer's headers to its route's declaration (docs/api.md §Caching): the `Cache-Control` to set
 * where the handler set none (none, private, static), or why the answer contradicts the declaration — a kind other
 * than the declared one, a static age other than the declared one, a shared answer without its surrogate key, or a
 * `reader`/`shared` answer its handler left without caching. A route declaring nothing (a write, or any error answer)
 * is only refused shared or static caching: a write's answer is stored by no cache (RFC 9111 §9.3).
 */
export function declaredCacheControl(declared: DeclaredCaching | undefined, headers: Headers): { set?: string; problem?: string } {
  const given = headers.get("cache-control");
  const fixed = declared && fixedPolicy(declared);
  if (given === null) {
    if (declared === undefined) return {};
    return fixed ? { set: cacheHeaders(fixed)["Cache-Control"] } : { problem: `a ${declaredKind(declared)} answer without caching` };
  }
  const kind = kindOf(given);
  const wanted = declared && declaredKind(declared);
  const allowed: string[] = wanted === undefined ? ["none", "private"] : wanted === "reader" ? ["private", "shared"] : [wanted];
  if (!allowed.includes(kind)) return { problem: `Cache-Control "${given}" where ${wanted ?? "a write or an error"} is declared` };
  if (kind === "shared" && !headers.has("surrogate-key")) return { problem: "a shared answer without its Surrogate-Key" };
  if (fixed?.kind === "static" && given !== cacheHeaders(fixed)["Cache-Control"]) {
    return { problem: `Cache-Control "${given}" where max-age=${fixed.maxAgeS} is declared` };
  }
  return {};
}

/** A strong ETag hashed from what a representation is made of (its bytes, or the inputs that fully decide them). */
export function contentEtag(...parts: (string | number)[]): string {
  return `"${createHash("sha256").update(parts.join("\u0000")).digest("base64url").slice(0, 27)}"`;
}

/**
 * Whether an `If-None-Match` header names `etag` (so the client's copy is current and the answer is 304): `*`, or
 * a list of entity tags compared by RFC 9110's weak comparison (§8.8.3.2: equal opaque tags, either or both may be
 * weak), which §13.1.2 prescribes for If-None-Match. The one comparison of every route that answers 304.
 */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.trim() === "*" || header.split(",").some((tag) => opaque(tag) === opaque(etag));
}

/** What a cacheable answer is: its validator and policy, and what it varies by. */
export type Cacheable = {
  etag: string;
  policy: CachePolicy;
  /** Request headers the answer depends on (`Vary`), such as `Accept-Language` for a negotiated language. */
  vary?: string;
  /** The language the answer is in (`Content-Language`), when it was negotiated. */
  language?: string;
};

/** The headers of a cacheable answer, for its 304 and (with its content type) its 200. */
export function cacheableHeaders({ etag, policy, vary, language }: Cacheable): Record<string, string> {
  return { ETag: etag, ...cacheHeaders(policy), ...(vary && { Vary: vary }), ...(language && { "Content-Language": language }) };
}

/** The 304 of a request whose `If-None-Match` names `etag` (with the answer's caching headers), else null. */
export function notModified(request: Request, etag: string, headers: Record<string, string>): Response | null {
  return matchesIfNoneMatch(request.headers.get("if-none-match"), etag) ? new Response(null, { status: 304, headers }) : null;
}

/**
 * A cacheable answer: 304 with only the validators when the client's copy is current (the body is not even built),
 * else the body. `body` is a function so a 304 skips rendering.
 */
export async function cachedResponse(
  request: Request,
  answer: Cacheable & { contentType: string; body: () => Promise<BodyInit> | BodyInit },
): Promise<Response> {
  const headers = cacheableHeaders(answer);
  return (
    notModified(request, answer.etag, headers) ??
    new Response(await answer.body(), { status: 200, headers: { ...headers, "Content-Type": answer.contentType } })
  );
}

/** A JSON answer under a policy, without a validator (a private list). */
export function uncachedJson(body: unknown, policy: CachePolicy): Response {
  return Response.json(body, { headers: cacheHeaders(policy) });
}
