/** Runs once when the Next.js server starts (Node runtime only): hooks that must sit below Next's own routing. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { refuseUnroutableMethods } = await import("~/server/http/refuse-unroutable-methods");
  refuseUnroutableMethods();
  // For the app's HTTP server (scripts/serve-next.ts), which answers anonymous passport reads with these handlers.
  const { publishPassportRoutes } = await import("~/server/http/passport-fast-path");
  const { passportRoute } = await import("~/server/rest/passport-route");
  const { passportPageRoute } = await import("~/server/public-pages/public-routes");
  publishPassportRoutes({ passport: passportRoute, page: passportPageRoute });
}
