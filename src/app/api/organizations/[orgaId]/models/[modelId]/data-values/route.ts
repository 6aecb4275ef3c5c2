import { dataValuesRoutes } from "~/server/rest/passport-data-route";
import { ZModelPath } from "~/server/rest/path-params";

/** A model's values: its template's Model-level fields. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = dataValuesRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/data-values",
  ZModelPath,
);
