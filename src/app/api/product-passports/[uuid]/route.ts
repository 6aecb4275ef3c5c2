import { passportRoute } from "~/server/rest/passport-route";
import { restRoutes } from "~/server/rest/rest-route";

/** Public: the passport of a model or an item; a member's key or session, or `?grant=`, shows more (docs/api.md §Passports). */
export const { GET, POST, PUT, PATCH, DELETE } = restRoutes({ GET: passportRoute });
