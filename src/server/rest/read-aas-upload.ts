import { AASX_MEDIA_TYPES, type AasUpload } from "~/domain/aas/aas-upload";
import { AppError } from "~/domain/app-error";
import { readBodyBytes, readJsonBody } from "~/server/rest/read-json-body";

/** The body of an AAS upload: JSON (an environment) or an AASX package by its media type; 415 for anything else. */
export async function readAasUpload(request: Request, maxBytes: number): Promise<AasUpload> {
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if ((AASX_MEDIA_TYPES as readonly string[]).includes(mediaType)) {
    const bytes = await readBodyBytes(request, maxBytes);
    if (bytes.byteLength === 0) throw new AppError("BAD_REQUEST", "The request body is empty; send the AASX package.");
    return { kind: "aasx", bytes };
  }
  if (!/^application\/([\w.+-]+\+)?json$/.test(mediaType)) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      `Send the AAS environment as application/json, or an AASX package as ${AASX_MEDIA_TYPES.join(" or ")}.`,
    );
  }
  return { kind: "json", environment: await readJsonBody(request, maxBytes) };
}
