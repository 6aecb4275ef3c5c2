import { ZModelChangesRequest } from "~/domain/data-changes";
import { changesRoutes } from "~/server/rest/passport-data-route";
import { ZModelPath } from "~/server/rest/path-params";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = changesRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/changes",
  ZModelPath,
  ZModelChangesRequest,
);
