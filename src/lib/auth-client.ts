import { createAuthClient } from "better-auth/react";

/** better-auth in the browser: sign-up, sign-in and sign-out against /api/auth on the page's own origin. */
export const authClient = createAuthClient();
