import { dispatchAppRoute } from "./app-routes";
import { assertResponseMatchesOpenApi } from "./openapi-responses";

export type ApiResponse<T = unknown> = { status: number; headers: Headers; body: T };

export type CallOptions = { token?: string; body?: unknown; rawBody?: string | Uint8Array; headers?: Record<string, string> };

export async function api<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const url = new URL(path, "http://localhost:3000");
  const headers = new Headers(options.headers);
  if (options.token) headers.set("api_token", options.token);
  let body: BodyInit | undefined = options.rawBody instanceof Uint8Array ? new Uint8Array(options.rawBody) : options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const request = new Request(url, { method, headers, body });
  const response = await dispatch(request);
  const text = await response.text();
  const parsed: unknown = text ? JSON.parse(text) : undefined;
  // Every answer is checked against the OpenAPI document: a test that sees an undocumented status or shape fails.
  assertResponseMatchesOpenApi(method, url.pathname, response.status, parsed);
  return { status: response.status, headers: response.headers, body: parsed as T };
}

/** Hands a request to the route file Next would pick for its path (support/app-routes.ts). */
export const dispatch = dispatchAppRoute;

export type Page<T> = { items: T[]; nextCursor: string | null };

/**
 * A REST list call: checks the answer is a JSON array and reads the next page's cursor from its RFC 8288
 * `Link: <…>; rel="next"` header, so tests can walk pages as `{items, nextCursor}`.
 */
export async function apiPage<T>(path: string, options: CallOptions = {}): Promise<ApiResponse<Page<T>>> {
  const response = await api<T[]>("GET", path, options);
  if (response.status !== 200) return { ...response, body: response.body as unknown as Page<T> };
  if (!Array.isArray(response.body)) throw new Error(`${path} answered ${JSON.stringify(response.body)}, not an array`);
  const link = response.headers.get("link");
  const next = link ? /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] : undefined;
  const nextCursor = next ? new URL(next, "http://localhost").searchParams.get("cursor") : null;
  return { ...response, body: { items: response.body, nextCursor } };
}
