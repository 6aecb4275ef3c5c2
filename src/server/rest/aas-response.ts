import { AASX_MEDIA_TYPE, aasxPackage } from "~/domain/aas/aasx";
import type { Jsonable } from "~/domain/aas/export-metadata";

/**
 * The environment as asked: an AASX package for `?format=aasx` or an Accept naming the AASX media type, else the JSON
 * environment itself (answered by restRoute). `name` makes the download's file name.
 */
export function aasResponse(environment: Jsonable, format: string | undefined, headers: Headers, name: string): Jsonable | Response {
  const accept = headers.get("accept") ?? "";
  if (format !== "aasx" && (format === "json" || !accept.includes(AASX_MEDIA_TYPE))) return environment;
  return new Response(aasxPackage(environment) as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": AASX_MEDIA_TYPE,
      "Content-Disposition": `attachment; filename="${name}.aasx"`,
      "Cache-Control": "no-store",
    },
  });
}
