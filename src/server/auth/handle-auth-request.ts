import "server-only";
import { toNextJsHandler } from "better-auth/next-js";
import { z } from "zod";
import { AppError } from "~/domain/app-error";
import { getAuth } from "~/server/auth/auth";
import { authEndpointPath, isAllowedAuthEndpoint } from "~/server/auth/auth-endpoints";
import { isTrustedOrigin, untrustedOriginError } from "~/server/auth/same-origin";
import { releaseSignInAttempt, reserveSignInAttempt } from "~/server/auth/sign-in-attempts";
import { CLIENT_ADDRESS_HEADER, clientAddress } from "~/server/http/client-address";
import { errorResponse, unexpectedErrorResponse } from "~/server/rest/error-response";
import { verifyEmail } from "~/server/services/identity/verify-email";
import { announcedTooLarge, readBodyText, tooLarge } from "~/server/rest/read-json-body";

/**
 * /api/auth/*: only the allowed endpoints reach better-auth, which sees the client address this app trusts (its
 * rate limiter keys on it), and sign-in is limited per account as well as per address.
 */

/** The largest body an authentication endpoint reads (a sign-up is name, email and password: under 1 KiB). */
export const AUTH_MAX_BODY_BYTES = 64 * 1024;

/** The test better-auth's body parser (better-call) uses to read a body as JSON. */
const JSON_CONTENT_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i;

/**
 * Every failure leaves as the contract's error body: a store that is away (Redis under the rate limit, the database
 * under the sign-in counts or better-auth itself) is a 503 with Retry-After like on every other route, never a 500.
 */
export async function handleAuthRequest(request: Request): Promise<Response> {
  try {
    return await answerAuthRequest(request);
  } catch (error) {
    return failureResponse(error);
  }
}

function failureResponse(error: unknown): Response {
  return error instanceof AppError ? errorResponse(error) : unexpectedErrorResponse(error);
}

async function answerAuthRequest(request: Request): Promise<Response> {
  if (announcedTooLarge(request.headers, AUTH_MAX_BODY_BYTES)) return errorResponse(tooLarge(AUTH_MAX_BODY_BYTES));
  const path = authEndpointPath(request.url);
  const isConfirmEmail = request.method === "POST" && path === CONFIRM_EMAIL_PATH;
  if (path === null || (!isConfirmEmail && !isAllowedAuthEndpoint(request.method, path))) {
    return errorResponse(new AppError("NOT_FOUND", "There is no such authentication endpoint."));
  }
  // better-auth would refuse the same origins with a bare "Invalid origin"; this answer says what to set.
  const origin = request.headers.get("origin");
  if (request.method === "POST" && origin && origin !== "null" && !isTrustedOrigin(origin)) {
    return errorResponse(untrustedOriginError(origin));
  }
  // Bounded before anything else looks at it (better-auth's rate limit included): an auth body is a few hundred
  // bytes, and one of 300 MB must never be held in memory.
  const body = request.method === "POST" ? await readBodyText(request, AUTH_MAX_BODY_BYTES) : undefined;
  if (isConfirmEmail) return confirmEmail(body);
  const forwarded = withClientAddress(request, body);

  let email: string | null = null;
  if (path === "/sign-in/email") {
    // better-auth would also read a form body; one format keeps the email it checks the email counted here.
    if (!JSON_CONTENT_TYPE.test(request.headers.get("content-type") ?? "")) {
      return errorResponse(new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the sign-in as JSON (Content-Type: application/json)."));
    }
    email = signInEmail(body);
  }
  if (email !== null) {
    const verdict = await reserveSignInAttempt(email, clientAddress(request.headers));
    if (!verdict.isAllowed) {
      const message = "Too many failed sign-ins for this account. Try again later.";
      return errorResponse(new AppError("TOO_MANY_REQUESTS", message, undefined, verdict.retryAfterSeconds));
    }
  }
  // A failure is answered here, so a sign-in that never reached the password check gives its attempt back below.
  const response = await callBetterAuth(forwarded).then(asContractError, failureResponse);
  // Only a wrong email or password counts against the account; a success or a refusal for another reason does not.
  if (email !== null && response.status !== 401) await releaseSignInAttempt(email, clientAddress(request.headers));
  return response;
}

/**
 * The explicit step of email verification (the /verify-email page's button): our endpoint, not better-auth's, since
 * the token is ours (src/server/auth/email-verification-token.ts).
 */
async function confirmEmail(body: string | undefined): Promise<Response> {
  const input = ZConfirmEmail.safeParse(parseJson(body));
  if (!input.success) throw new AppError("BAD_REQUEST", 'Send {"token": "…"} from the verification link.');
  return Response.json(await verifyEmail(input.data));
}

const CONFIRM_EMAIL_PATH = "/confirm-email";
const ZConfirmEmail = z.object({ token: z.string().min(1).max(2000) });

function parseJson(body: string | undefined): unknown {
  try {
    return JSON.parse(body ?? "") as unknown;
  } catch {
    return undefined;
  }
}

// getAuth() opens the database, so it is called per request rather than when Next loads the route at build time.
function callBetterAuth(request: Request): Promise<Response> {
  const handler = toNextJsHandler(getAuth());
  return request.method === "POST" ? handler.POST(request) : handler.GET(request);
}

/** The email a sign-in names, as better-auth will read it; null when the body has none (better-auth answers 400). */
function signInEmail(body: string | undefined): string | null {
  try {
    const parsed: unknown = JSON.parse(body ?? "");
    const email = typeof parsed === "object" && parsed !== null ? (parsed as { email?: unknown }).email : undefined;
    return typeof email === "string" ? email : null;
  } catch {
    return null;
  }
}

/** The request better-auth sees: the client address resolved under TRUST_PROXY in the one header it reads. */
function withClientAddress(request: Request, body: string | undefined): Request {
  const headers = new Headers(request.headers);
  const address = clientAddress(request.headers);
  if (address) headers.set(CLIENT_ADDRESS_HEADER, address);
  else headers.delete(CLIENT_ADDRESS_HEADER);
  return new Request(request.url, { method: request.method, headers, body });
}

/**
 * better-auth's rate limiter answers 429 in its own shape, with the delay in X-Retry-After; clients read the
 * contract's error body and the standard Retry-After.
 */
function asContractError(response: Response): Response {
  const retryAfter = Number(response.headers.get("x-retry-after"));
  if (response.status !== 429 || !(retryAfter > 0)) return response;
  const message = "Too many attempts from this address. Try again later.";
  return errorResponse(new AppError("TOO_MANY_REQUESTS", message, undefined, retryAfter));
}
