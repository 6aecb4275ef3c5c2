import { qrCodeRoute } from "~/server/public-pages/public-routes";
import { restRoutes } from "~/server/rest/rest-route";

/** The passport's link as an SVG QR code (docs/gs1.md). Public. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({ GET: qrCodeRoute("svg") });
