/** Runs once when the Next.js server starts (Node runtime only): hooks that must sit below Next's own routing. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { refuseUnroutableMethods } = await import("~/server/http/refuse-unroutable-methods");
  refuseUnroutableMethods();
}
