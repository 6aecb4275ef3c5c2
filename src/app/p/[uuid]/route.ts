import { passportPageRoute } from "~/server/public-pages/public-routes";
import { publicRoutes } from "~/server/public-pages/public-route-table";

/**
 * The public passport page (docs/gs1.md §The passport page): a route handler answering HTML, so that it runs no
 * root layout (no session, no cookies, no script) and can answer 304 from its ETag.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = publicRoutes("/p/{uuid}", { GET: passportPageRoute });
