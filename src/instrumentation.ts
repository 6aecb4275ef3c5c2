/** Runs once when the Next.js server starts (Node runtime only): hooks that must sit below Next's own routing. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { refuseUnroutableMethods } = await import("~/server/http/refuse-unroutable-methods");
  refuseUnroutableMethods();
  // The very GET handlers Next calls for these routes, for the app's HTTP server to answer anonymous passport reads
  // with (scripts/serve-next.ts, src/server/http/passport-fast-path.ts).
  const { publishPassportRoutes } = await import("~/server/http/passport-fast-path");
  const passport = await import("~/app/api/product-passports/[uuid]/route");
  const page = await import("~/app/p/[uuid]/route");
  publishPassportRoutes({ passport: passport.GET, page: page.GET });
}
