import { apiReferenceAsset } from "~/server/openapi/api-reference-page";
import { publicRoutes } from "~/server/public-pages/public-route-table";
import type { RouteContext } from "~/server/rest/rest-route";

/** The scripts and styles of the API reference page, from our own origin; cached as declared (an hour). */
async function apiReferenceAssetRoute(_request: Request, context: RouteContext): Promise<Response> {
  const { asset: name } = (await context.params) ?? {};
  const asset = typeof name === "string" ? await apiReferenceAsset(name) : undefined;
  if (!asset) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(Buffer.from(asset.body)), {
    headers: { "Content-Type": asset.contentType },
  });
}

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = publicRoutes("/docs/api/{asset}", { GET: apiReferenceAssetRoute });
