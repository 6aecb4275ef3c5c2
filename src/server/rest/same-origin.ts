import { AppError } from "~/domain/app-error";

/**
 * A write authorised by a session cookie alone must come from our own pages: browsers send cookies on cross-site
 * requests, so without this check another site could act for a signed-in user. API keys are not sent
 * automatically by browsers and need no such check.
 */
export function assertSameOrigin(request: Request): void {
  if (request.headers.get("sec-fetch-site") === "cross-site") throw crossSite();
  const origin = request.headers.get("origin");
  if (origin === null) return;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw crossSite();
  }
  if (originHost !== host) throw crossSite();
}

function crossSite(): AppError {
  return new AppError("FORBIDDEN", "Cross-site requests may not change data; use an API key.");
}
