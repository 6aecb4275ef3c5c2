import { versionListRoute } from "~/server/public-pages/version-routes";
import { publicRoutes } from "~/server/public-pages/public-route-table";

/** The published versions of a passport (docs/versions.md §Reading). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = publicRoutes("/p/{uuid}/versions", { GET: versionListRoute });
