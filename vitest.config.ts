import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// "server-only" guards the database and auth modules against client bundles; it resolves to an empty module only
// under the "react-server" condition of Next's server bundles, which tests stand in for.
const alias = {
  "~": fileURLToPath(new URL("./src", import.meta.url)),
  "server-only": fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        // 15 s, not the default 5: a few unit tests do real work (a module graph loaded fresh, a 100 MB zip bomb refused,
        // fast-check properties), which a 2-core machine shared with a build or a browser can stretch past 5 s.
        test: { name: "unit", include: ["src/**/*.test.ts"], environment: "node", testTimeout: 15_000 },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Several app servers share one database only on PostgreSQL (the embedded one serves one process), so
          // those files belong to the PostgreSQL run of `npm test` alone.
          exclude: process.env.TEST_DATABASE_URL
            ? []
            : ["tests/integration/several-app-servers.test.ts", "tests/integration/seed-race.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          setupFiles: ["tests/integration/support/setup-env.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite is one database per worker; two cores do not profit from more workers.
          maxWorkers: 2,
        },
      },
    ],
  },
});
