import { createAuthClient } from "better-auth/react";
import { twoFactorClient } from "better-auth/client/plugins";

/**
 * better-auth in the browser: sign-up, sign-in and sign-out against /api/auth on the page's own origin, and the
 * second factor (enabling it in the settings, the code step of the sign-in form, which reads `twoFactorRedirect`).
 */
export const authClient = createAuthClient({ plugins: [twoFactorClient()] });
