import { qrCodeRoute } from "~/server/public-pages/public-routes";
import { publicRoutes } from "~/server/public-pages/public-route-table";

/** The passport's link as an SVG QR code (docs/gs1.md). Public. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = publicRoutes("/p/{uuid}/qr.svg", { GET: qrCodeRoute("svg") });
