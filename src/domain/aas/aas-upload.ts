import { z } from "zod";
import { ZAasImportProblem } from "~/domain/aas/aas-import-problems";
import { readAasxEnvironment } from "~/domain/aas/read-aasx";
import { ZProfileId } from "~/domain/profiles/profiles";
import { ZTemplateDraft } from "~/domain/template-draft-schema";

/**
 * What `POST …/template-drafts/{draftId}/aas-submodels` and the builder send: an AAS environment as JSON, or the
 * bytes of an AASX package (docs/aas-import.md).
 */
export const ZAasUpload = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("json"), environment: z.unknown() }),
  z.object({ kind: z.literal("aasx"), bytes: z.instanceof(Uint8Array) }),
]);
export type AasUpload = z.infer<typeof ZAasUpload>;

/** The query of `POST …/aas-submodels`: the profile to apply after the import (docs/profiles.md), none when absent. */
export const ZAasImportQuery = z.strictObject({
  profile: ZProfileId.optional().meta({
    description: "A profile to apply to the draft after the import, e.g. eu-battery-annex-xiii.",
  }),
});

/** The media types of an AASX package a client may send (the registered one, its older name, a plain zip). */
export const AASX_MEDIA_TYPES = [
  "application/asset-administration-shell-package",
  "application/asset-administration-shell-package+xml",
  "application/zip",
] as const;

/** The environment an upload carries (AASX: read from its environment part; AppError for a bad package). */
export function uploadedEnvironment(upload: AasUpload): Promise<unknown> {
  return upload.kind === "json" ? Promise.resolve(upload.environment) : readAasxEnvironment(upload.bytes);
}

export const ZAasSubmodelsImported = z.object({
  templateDraft: ZTemplateDraft,
  problems: z.array(ZAasImportProblem),
  /** How many problems were found beyond those listed (at most 100 are). */
  moreProblems: z.number().int(),
});
export type TAasSubmodelsImported = z.infer<typeof ZAasSubmodelsImported>;

/** The OpenAPI description of the request body: the environment (JSON) or an AASX package. */
export const ZAasEnvironmentBody = z
  .looseObject({ submodels: z.array(z.looseObject({})).optional(), conceptDescriptions: z.array(z.looseObject({})).optional() })
  .meta({ description: "An AAS V3.0 environment (JSON) holding submodels of kind Template and their concept descriptions." });
export const ZAasxBody = z.string().meta({ format: "binary", description: "An AASX package whose environment part is JSON." });
