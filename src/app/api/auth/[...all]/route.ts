import { handleAuthRequest } from "~/server/auth/handle-auth-request";
import { restRoutes } from "~/server/rest/rest-route";

// Only allowed endpoints reach better-auth; see src/server/auth/auth-endpoints.ts.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({ GET: handleAuthRequest, POST: handleAuthRequest });
