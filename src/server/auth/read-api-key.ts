import "server-only";
/** The API key a request carries in `api_token` or `Authorization: Bearer`, if any. */
export function readApiKey(headers: Headers): string | undefined {
  const token = headers.get("api_token")?.trim();
  if (token) return token;
  const authorization = headers.get("authorization")?.trim();
  const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
  return match?.[1];
}
