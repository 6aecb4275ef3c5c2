import { z } from "zod";
import { ZItem } from "~/domain/item-schema";
import { ZModel } from "~/domain/model-schema";

/**
 * The REST shapes of the AAS export and value import (docs/aas.md). An environment is checked here only for its
 * outline; what it must be is decided by the reference verifier (import-aas-values.ts), not by a second schema.
 */

export const ZAasExportQuery = z.object({
  /** `aasx` answers an AASX package instead of the JSON environment (as `Accept: application/asset-administration-shell-package+xml` does). */
  format: z.enum(["json", "aasx"]).optional(),
});

const ZIdentifiable = z.looseObject({ id: z.string(), modelType: z.string().optional() });

export const ZAasEnvironment = z
  .looseObject({
    assetAdministrationShells: z.array(ZIdentifiable).optional(),
    submodels: z.array(ZIdentifiable).optional(),
    conceptDescriptions: z.array(ZIdentifiable).optional(),
  })
  .meta({ id: "AasEnvironment", description: "An Asset Administration Shell V3.0 environment (IDTA-01001 JSON)." });

export const ZAasUnmatchedElement = z.object({
  /** JSONPath of the element in the environment sent. */
  path: z.string(),
  reason: z.string(),
});

/** What the write could not place: at most 100 listed, `moreUnmatched` counting the rest (docs/aas.md §Importing values). */
const ZAasUnmatched = {
  unmatched: z.array(ZAasUnmatchedElement).max(100),
  moreUnmatched: z.number().int().min(0),
};

export const ZModelAasImportResult = ZModel.extend(ZAasUnmatched);
export const ZItemAasImportResult = ZItem.extend(ZAasUnmatched);
