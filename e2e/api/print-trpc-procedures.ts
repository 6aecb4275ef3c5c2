import { appRouter } from "~/server/trpc/_app";

/**
 * Prints every procedure of the app's tRPC router as JSON `{ "path": "query" | "mutation" | "subscription" }`. The
 * router reaches the database and auth modules, which import "server-only" and so load only under the
 * react-server condition, so a script outside the app (Playwright's process, a shell) runs this in such a child
 * process rather than importing the router. The authorization matrix (tests/integration) reads the router itself.
 */
// Typed as the nested router record, but at run time tRPC keeps every procedure under its dotted path.
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
process.stdout.write(JSON.stringify(Object.fromEntries(Object.entries(procedures).map(([path, p]) => [path, p._def.type]))));
