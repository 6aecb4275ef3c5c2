import { apiReferenceAsset } from "~/server/openapi/api-reference-page";

/** The scripts and styles of the API reference page, from our own origin. */
export async function GET(_request: Request, context: { params: Promise<{ asset: string }> }): Promise<Response> {
  const asset = await apiReferenceAsset((await context.params).asset);
  if (!asset) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(Buffer.from(asset.body)), {
    headers: { "Content-Type": asset.contentType, "Cache-Control": "public, max-age=3600" },
  });
}
