import { aasRoutes } from "~/server/rest/aas-routes";
import { ZItemPath } from "~/server/rest/path-params";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = aasRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/items/{itemId}/aas",
  ZItemPath,
);
