import { ZPassportQuery } from "~/domain/passport-schema";
import { clientAddress } from "~/server/http/client-address";
import { cachedResponse, type CachePolicy, contentEtag, isGrantRead, readerPolicy } from "~/server/http/cache-policy";
import { publicErrorResponse } from "~/server/public-pages/public-response";
import { passportUuid } from "~/server/public-pages/public-routes";
import { AppError } from "~/domain/app-error";
import type { RouteHandler } from "~/server/rest/rest-route";
import { searchParams } from "~/server/rest/rest-route";
import { listPassportVersions } from "~/server/services/passport-versions/list-passport-versions";
import { readDidDocument, readDomainDidDocument } from "~/server/services/passport-versions/read-did-document";
import { readJwks, readJwksOfKid, readOrganizationJwks } from "~/server/services/passport-versions/read-jwks";
import { type PassportVersionRead, readPassportVersion } from "~/server/services/passport-versions/read-passport-version";
import { isUuid } from "~/domain/uuid";

/**
 * The public routes of published versions (docs/versions.md §Reading): anyone may verify a passport's versions with
 * the organization's published keys. Answers are cached like the passport: shared caches keep the public level's
 * (purged with the model), an answer to a request with a grant (even a refused one) stays in its reader's browser.
 */

function grantOf(request: Request): string | undefined {
  const query = ZPassportQuery.safeParse(searchParams(request));
  return query.success ? query.data.grant : undefined;
}

/** `GET /p/{uuid}/versions[?grant=]`: version, publishedAt and hash of each published version. */
export const versionListRoute: RouteHandler = async (request, context) => {
  try {
    const uuid = await passportUuid(context);
    const { list, modelId } = await listPassportVersions({
      uuid,
      grantToken: grantOf(request),
      clientAddress: clientAddress(request.headers),
    });
    const text = JSON.stringify(list);
    return await cachedResponse(request, {
      etag: contentEtag("versions", text),
      // Cached and purged like the passport it lists: a new version is a write of the model.
      policy: readerPolicy({ accessLevel: list.accessLevel, modelId, isGrantRead: isGrantRead(request) }),
      contentType: "application/json",
      body: () => text,
    });
  } catch (error) {
    return publicErrorResponse(request, error);
  }
};

type Answer = { text: string; etag: string };

/**
 * Answers by the credential they carry: the latest version comes from the passport cache, one object per passport and
 * level, so its text and ETag are made once; a version read from the table brings a new object (and a new answer).
 */
const documentAnswers = new WeakMap<object, Answer>();

function documentAnswer(version: PassportVersionRead): Answer {
  let answer = documentAnswers.get(version.credential);
  if (!answer) {
    const { readJws: _jws, modelId: _model, latestVersion: _latest, ...document } = version;
    const text = JSON.stringify(document);
    answer = { text, etag: contentEtag("version", text) };
    documentAnswers.set(version.credential, answer);
  }
  return answer;
}

async function jwsAnswer(version: PassportVersionRead): Promise<Answer> {
  const text = await version.readJws();
  return { text, etag: contentEtag("version", text) };
}

/** `GET /p/{uuid}/versions/{n}` (the credential JSON with its hash) and `…/{n}.jwt` (the compact JWS). */
export const versionRoute: RouteHandler = async (request, context) => {
  try {
    const uuid = await passportUuid(context);
    const { n: segment } = await context.params;
    const match = typeof segment === "string" ? /^([1-9][0-9]{0,8})(\.jwt)?$/.exec(segment) : null;
    if (!match) throw new AppError("NOT_FOUND", "No such version.");
    const isJwt = match[2] !== undefined;
    const version = await readPassportVersion({
      uuid,
      n: Number(match[1]),
      grantToken: grantOf(request),
      clientAddress: clientAddress(request.headers),
    });
    const answer = isJwt ? await jwsAnswer(version) : documentAnswer(version);
    return await cachedResponse(request, {
      etag: answer.etag,
      policy: readerPolicy({ ...version, isGrantRead: isGrantRead(request) }),
      contentType: isJwt ? "application/vc+jwt" : "application/json",
      body: () => answer.text,
    });
  } catch (error) {
    return publicErrorResponse(request, error);
  }
};

/**
 * Answers by the key document they carry: the JWKS service answers the same object while the key set is unchanged
 * (src/server/services/passport-versions/read-jwks.ts), so its text and ETag — which grow with every organization's
 * keys — are made once per change, not per request.
 */
const keyDocumentAnswers = new WeakMap<object, Answer>();

function keyDocumentAnswer(contentType: string, document: object): Answer {
  let answer = keyDocumentAnswers.get(document);
  if (!answer) {
    const text = JSON.stringify(document);
    answer = { text, etag: contentEtag(contentType, text) };
    keyDocumentAnswers.set(document, answer);
  }
  return answer;
}

/** Key documents change only when a key is made, retired or moves domain: any cache may keep them for a minute. */
const KEY_DOCUMENT_POLICY: CachePolicy = { kind: "static", maxAgeS: 60 };

/**
 * A key document anyone may cache for a minute: the JWKS, a DID document. Caches keep one copy per host (nginx's
 * key holds the host; `Vary: Host` says so to others), since /.well-known/did.json answers by the request's host. A
 * revalidation (nginx's `proxy_cache_revalidate`, a verifier's If-None-Match) is a 304 from the kept text's ETag.
 */
function keyDocumentRoute(
  contentType: string,
  read: (params: Record<string, unknown>, request: Request) => Promise<object>,
): RouteHandler {
  return async (request, context) => {
    try {
      const { text, etag } = keyDocumentAnswer(contentType, await read((await context.params) ?? {}, request));
      return await cachedResponse(request, { etag, policy: KEY_DOCUMENT_POLICY, vary: "Host", contentType, body: () => text });
    } catch (error) {
      return publicErrorResponse(request, error);
    }
  };
}

/**
 * `GET /.well-known/jwks.json`: every organization's public signing keys, or with `?kid=` only the entries under that
 * kid — what a verifier holding a JWS asks for, at a cost that does not grow with the organizations (docs/versions.md
 * §Keys).
 */
export const jwksRoute = keyDocumentRoute("application/jwk-set+json", (_params, request) => {
  const kid = new URL(request.url).searchParams.get("kid");
  return kid === null ? readJwks() : readJwksOfKid(kid);
});

/** `GET /orgs/{orgaId}/jwks.json`: one organization's public signing keys. */
export const organizationJwksRoute = keyDocumentRoute("application/jwk-set+json", ({ orgId }) => {
  if (typeof orgId !== "string" || orgId.length > 100) throw new AppError("NOT_FOUND", "No such organization.");
  return readOrganizationJwks(isUuid(orgId) ? orgId.toLowerCase() : orgId);
});

/** `GET /orgs/{orgaId}/did.json`: the organization's did:web document. */
export const didDocumentRoute = keyDocumentRoute("application/did+json", ({ orgId }) => {
  if (typeof orgId !== "string" || orgId.length > 100) throw new AppError("NOT_FOUND", "No such organization.");
  return readDidDocument(isUuid(orgId) ? orgId.toLowerCase() : orgId);
});

/** `GET /.well-known/did.json`: the DID document of the organization whose own domain the request's host is. */
export const domainDidDocumentRoute = keyDocumentRoute("application/did+json", (_params, request) =>
  readDomainDidDocument(request.headers.get("host")),
);
