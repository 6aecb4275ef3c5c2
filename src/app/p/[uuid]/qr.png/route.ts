import { qrCodeRoute } from "~/server/public-pages/public-routes";
import { restRoutes } from "~/server/rest/rest-route";

/** The passport's link as a PNG QR code, `?size=` pixels wide (docs/gs1.md). Public. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({ GET: qrCodeRoute("png") });
