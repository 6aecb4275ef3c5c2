import { aasRoutes } from "~/server/rest/aas-routes";
import { ZModelPath } from "~/server/rest/path-params";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = aasRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/aas",
  ZModelPath,
);
