import { ZItemChangesRequest } from "~/domain/data-changes";
import { changesRoutes } from "~/server/rest/passport-data-route";
import { ZItemPath } from "~/server/rest/path-params";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = changesRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/items/{itemId}/changes",
  ZItemPath,
  ZItemChangesRequest,
);
