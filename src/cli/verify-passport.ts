import type { JSONWebKeySet } from "jose";
import { z } from "zod";
import { AppError } from "~/domain/app-error";
import { assertionKeysOf, didWebDocumentUrl, ZDidDocument } from "~/domain/versions/did-web";
import { ZVersionDocument, ZVersionList } from "~/domain/versions/passport-credential";
import { type VersionToVerify, verifyVersionChain } from "~/domain/versions/verify-versions";

/**
 * `passport:verify --url {base}/p/{uuid} [--grant TOKEN]` (docs/versions.md §Reading and verifying): reads a
 * passport's published versions as anyone can — the list, each credential and its JWS — resolves the issuer the
 * credentials name (did:web) to its DID document, and checks signature, canonical form, hash, credential, chain and
 * key retirement. Only a key the issuer's own DID document lists counts, never one the serving host offers: a copy
 * served from another host and signed with that host's key fails. Any mismatch is an error naming the version and
 * the reason (exit 1); needs no database.
 */

export const ZVerifyFlags = z.strictObject({
  url: z.url({ error: "--url must be a passport URL such as https://example.com/p/{uuid}" }),
  grant: z.string().min(1).optional(),
});

export type VerifyReport = { url: string; accessLevel: string; versions: { version: number; hash: string; publishedAt: string }[] };

export async function verifyPassportUrl({ url, grant }: z.infer<typeof ZVerifyFlags>): Promise<VerifyReport> {
  const page = new URL(url);
  const match = /^(.*)\/p\/([0-9a-fA-F-]{36})\/?$/.exec(page.pathname);
  if (!match) throw new AppError("VALIDATION", `${url} is not a passport URL ({base}/p/{uuid}).`);
  const base = `${page.origin}${match[1] ?? ""}`;
  const query = grant ? `?grant=${encodeURIComponent(grant)}` : "";
  const versionsUrl = `${base}/p/${match[2]}/versions`;
  const list = ZVersionList.parse(await fetchJson(`${versionsUrl}${query}`));
  const versions: (VersionToVerify & { publishedAt: string })[] = [];
  for (const { version } of list.versions) {
    const document = ZVersionDocument.parse(await fetchJson(`${versionsUrl}/${version}${query}`));
    const jws = await fetchText(`${versionsUrl}/${version}.jwt${query}`);
    versions.push({ ...document, jws: jws.trim() });
  }
  if (versions.length === 0) throw new AppError("NOT_FOUND", `${url} has no published version.`);
  const issuer = await issuerKeys(versions);
  const problems = await verifyVersionChain(versions, issuer.jwks, issuer.source);
  if (problems.length > 0) {
    const issues = problems.map(({ version, reason }) => ({ path: `version ${version}`, message: reason }));
    throw new AppError("CONFLICT", `Verification failed: version ${problems[0]?.version}: ${problems[0]?.reason}`, issues);
  }
  return {
    url,
    accessLevel: list.accessLevel,
    versions: versions.map(({ version, hash, publishedAt }) => ({ version, hash, publishedAt })),
  };
}

/**
 * The keys of the one issuer every version names (`credential.issuer`, a did:web): the assertion keys its DID
 * document lists, read from the DID's own host — not the host that served the versions.
 */
async function issuerKeys(versions: readonly VersionToVerify[]): Promise<{ jwks: JSONWebKeySet; source: string }> {
  const issuers = new Set(versions.map((v) => (v.credential as { issuer?: unknown }).issuer));
  const [did] = issuers;
  if (issuers.size !== 1 || typeof did !== "string") {
    throw new AppError("CONFLICT", `Verification failed: the versions name ${issuers.size} issuers, not one did:web.`);
  }
  const documentUrl = didWebDocumentUrl(did);
  if (!documentUrl)
    throw new AppError("CONFLICT", `Verification failed: the issuer ${did} is not a did:web this verifier can resolve.`);
  const document = await fetchJson(documentUrl).catch((error: unknown) => {
    throw new AppError("CONFLICT", `Verification failed: the DID document of ${did} could not be read: ${(error as Error).message}`);
  });
  const parsed = ZDidDocument.safeParse(document);
  if (!parsed.success) throw new AppError("CONFLICT", `Verification failed: ${documentUrl} is not a DID document.`);
  return { jwks: assertionKeysOf(parsed.data, did), source: `the DID document of its issuer ${did}` };
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  if (!response.ok) throw new AppError("NOT_FOUND", `GET ${url} answered ${response.status}: ${text.slice(0, 200)}`);
  return text;
}

async function fetchJson(url: string): Promise<unknown> {
  const text = await fetchText(url);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("CONFLICT", `GET ${url} did not answer JSON.`);
  }
}
