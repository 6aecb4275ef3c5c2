import { aasFileName } from "~/domain/aas/aas-file-name";
import { AASX_MEDIA_TYPE, aasxPackage } from "~/domain/aas/aasx";
import type { Jsonable } from "~/domain/aas/export-metadata";
import type { AasExport } from "~/server/services/aas/export-aas-environment";

/**
 * The environment as asked: an AASX package for `?format=aasx` or an Accept naming the AASX media type, else the JSON
 * environment itself. A download asked for by its format (`?format=json`, `?format=aasx`, the app's links) is an
 * attachment named by `aasFileName`, the same way for both; a plain JSON read stays a plain answer (restRoute's).
 * Never stored by a cache: the route declares `none` (src/server/openapi/aas-export-api-routes.ts).
 */
export function aasResponse(
  { environment, name, version }: AasExport,
  format: string | undefined,
  headers: Headers,
): Jsonable | Response {
  const accept = headers.get("accept") ?? "";
  const isJson = format !== "aasx" && (format === "json" || !accept.includes(AASX_MEDIA_TYPE));
  if (isJson && format !== "json") return environment;
  const disposition = `attachment; filename="${aasFileName(name, version, isJson ? "json" : "aasx")}"`;
  if (isJson) return Response.json(environment, { headers: { "Content-Disposition": disposition } });
  return new Response(aasxPackage(environment) as Uint8Array<ArrayBuffer>, {
    headers: { "Content-Type": AASX_MEDIA_TYPE, "Content-Disposition": disposition },
  });
}
