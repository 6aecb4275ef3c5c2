import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { readSession } from "~/server/auth/read-session";

/**
 * The signed-in member's session for the request being rendered, or null. Cached per request, so the header, a layout,
 * the page and next-intl's request configuration (src/i18n/request.ts) can all ask without repeating the database
 * round trips.
 */
export const getSession = cache(async () => {
  // headers() first: it marks the page as rendered per request, before anything touches the database.
  const requestHeaders = await headers();
  return readSession(requestHeaders);
});
