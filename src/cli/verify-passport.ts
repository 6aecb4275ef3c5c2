import type { JSONWebKeySet } from "jose";
import { z } from "zod";
import { AppError } from "~/domain/app-error";
import { ZVersionDocument, ZVersionList } from "~/domain/versions/passport-credential";
import { type VersionToVerify, verifyVersionChain } from "~/domain/versions/verify-versions";

/**
 * `passport:verify --url {base}/p/{uuid} [--grant TOKEN]` (docs/versions.md §Reading and verifying): reads a
 * passport's published versions as anyone can — the list, each credential and its JWS, and the JWKS — and checks
 * signature, canonical form, hash, credential and chain with the same functions as the passport page. Any mismatch
 * is an error naming the version and the reason (exit 1); needs no database.
 */

export const ZVerifyFlags = z.strictObject({
  url: z.url({ error: "--url must be a passport URL such as https://example.com/p/{uuid}" }),
  grant: z.string().min(1).optional(),
});

export type VerifyReport = { url: string; accessLevel: string; versions: { version: number; hash: string; publishedAt: string }[] };

const ZJwks = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

export async function verifyPassportUrl({ url, grant }: z.infer<typeof ZVerifyFlags>): Promise<VerifyReport> {
  const page = new URL(url);
  const match = /^(.*)\/p\/([0-9a-fA-F-]{36})\/?$/.exec(page.pathname);
  if (!match) throw new AppError("VALIDATION", `${url} is not a passport URL ({base}/p/{uuid}).`);
  const base = `${page.origin}${match[1] ?? ""}`;
  const query = grant ? `?grant=${encodeURIComponent(grant)}` : "";
  const versionsUrl = `${base}/p/${match[2]}/versions`;
  const list = ZVersionList.parse(await fetchJson(`${versionsUrl}${query}`));
  const jwks: JSONWebKeySet = ZJwks.parse(await fetchJson(`${base}/.well-known/jwks.json`));
  const versions: (VersionToVerify & { publishedAt: string })[] = [];
  for (const { version } of list.versions) {
    const document = ZVersionDocument.parse(await fetchJson(`${versionsUrl}/${version}${query}`));
    const jws = await fetchText(`${versionsUrl}/${version}.jwt${query}`);
    versions.push({ ...document, jws: jws.trim() });
  }
  if (versions.length === 0) throw new AppError("NOT_FOUND", `${url} has no published version.`);
  const problems = await verifyVersionChain(versions, jwks);
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
