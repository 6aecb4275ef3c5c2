import { versionRoute } from "~/server/public-pages/version-routes";
import { restRoutes } from "~/server/rest/rest-route";

/** One published version: `{n}` as credential JSON with its hash, `{n}.jwt` as compact JWS (docs/versions.md). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({ GET: versionRoute });
