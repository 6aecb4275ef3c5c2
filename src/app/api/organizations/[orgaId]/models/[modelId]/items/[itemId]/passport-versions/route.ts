import { passportVersionRoutes } from "~/server/rest/passport-version-routes";
import { ZItemPath } from "~/server/rest/path-params";

/** Publishes the next version of the item's passport (docs/versions.md). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = passportVersionRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/items/{itemId}/passport-versions",
  ZItemPath,
);
