import { z } from "zod";
import { ZItemCreateRequest } from "~/domain/item-schema";
import { ZModelCreateRequest } from "~/domain/model-schema";
import { ZUuid } from "~/domain/uuid";

/**
 * POST /api/v1/dpps (docs/versions.md §DPP API writes): an item of a model (granularity Item), or a model from a
 * template (granularity Model). A module of its own, with schemas only: the OpenAPI document imports it, and the
 * browser tests load that document without the AAS library (whose ESM build does not load in plain Node).
 */
export const ZDppCreateRequest = z.union(
  [
    z.strictObject({ organizationId: ZUuid, modelId: ZUuid, ...ZItemCreateRequest.shape }),
    z.strictObject({ organizationId: ZUuid, model: ZModelCreateRequest }),
  ],
  { error: "Send {organizationId, modelId, uniqueProductIdentifiers?} for an item, or {organizationId, model} for a model" },
);
export type TDppCreateRequest = z.infer<typeof ZDppCreateRequest>;
