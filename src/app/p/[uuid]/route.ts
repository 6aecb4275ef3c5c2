import { passportPageRoute } from "~/server/public-pages/public-routes";
import { restRoutes } from "~/server/rest/rest-route";

/**
 * The public passport page (docs/gs1.md §The passport page): a route handler answering HTML, so that it runs no
 * root layout (no session, no cookies, no script) and can answer 304 from its ETag.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({ GET: passportPageRoute });
