import { passportVersionRoutes } from "~/server/rest/passport-version-routes";
import { ZModelPath } from "~/server/rest/path-params";

/** Publishes the next version of the model's passport (docs/versions.md). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = passportVersionRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/passport-versions",
  ZModelPath,
);
