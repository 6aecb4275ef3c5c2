import { versionRoute } from "~/server/public-pages/version-routes";
import { publicRoutes } from "~/server/public-pages/public-route-table";

/** One published version: `{n}` as credential JSON with its hash, `{n}.jwt` as compact JWS (docs/versions.md). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = publicRoutes("/p/{uuid}/versions/{n}", { GET: versionRoute });
