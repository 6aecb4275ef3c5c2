import { dataValuesRoutes } from "~/server/rest/passport-data-route";
import { ZItemPath } from "~/server/rest/path-params";

/** An item's own values: the same rules and services as a model's, for the template's Item-level fields. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = dataValuesRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/items/{itemId}/data-values",
  ZItemPath,
);
