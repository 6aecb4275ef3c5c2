import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// "server-only" guards the database and auth modules against client bundles; it resolves to an empty module only
// under the "react-server" condition of Next's server bundles, which tests stand in for.
const alias = {
  "~": fileURLToPath(new URL("./src", import.meta.url)),
  "server-only": fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)),
};

/**
 * Files that load the database on purpose past what a waiting transaction tolerates (parallel writes of 100,000
 * values, answered 201 or 503 when a connection is not had in time): they run in a project of their own after the
 * others, one file at a time, so no other file's transaction waits behind them and fails with 503. Their app has a
 * pool of two connections and waits 1 s for one (HEAVY_CONFIGURATION), so four writers overload it: with the
 * defaults (10 connections, 30 s) it took twelve, which cost about 250 s of CPU over both rings (2026-12-02: 96 s
 * on PGlite, 55 s on PostgreSQL plus its server's) and still all twelve were 201 on PostgreSQL.
 */
const HEAVY_FILES = ["tests/integration/large-requests.test.ts"];
const HEAVY_CONFIGURATION = { DB_POOL_SIZE: "2", TRANSACTION_MAX_WAIT_MS: "1000" };

// Several app servers share one database only on PostgreSQL (the embedded one serves one process), so those files
// belong to the PostgreSQL run of `npm test` alone.
const POSTGRES_ONLY = [
  "tests/integration/several-app-servers.test.ts",
  "tests/integration/seed-race.test.ts",
  // A read between a publication's publishedAt and its commit: the embedded database runs one transaction at a time.
  "tests/integration/publication-instant.test.ts",
  // Two transactions that deadlock: the embedded database runs one at a time.
  "tests/integration/write-conflict-retry.test.ts",
];

// Files that test the embedded database itself on data directories of their own, never the run's database: the
// PostgreSQL run of `npm test` would repeat exactly the same work (about a sixth of CI's time), so they run on PGlite's.
const EMBEDDED_ONLY = [
  "tests/integration/embedded-database.test.ts",
  "tests/integration/embedded-database-access.test.ts",
  "tests/integration/embedded-database-owners.test.ts",
  "tests/integration/kill-mid-write-embedded.test.ts",
  "tests/integration/seed-after-crash.test.ts",
  // Its own in-memory embedded server, whatever database the run uses.
  "tests/integration/embedded-server-concurrency.test.ts",
];

/**
 * When `npm test` runs both rings side by side (scripts/test.ts sets TEST_BOTH_RINGS), the three longest of those
 * files run in the PostgreSQL ring's process instead of the PGlite ring's: they start embedded servers of their own and
 * never touch the run's database, and the PGlite ring is the run's longest lane (CI, 2026-11-29: about 1,650 s against
 * the PostgreSQL ring's 1,270 s; with ESLint beside the build, the vitest lane — unit, PGlite ring, soak — became the
 * longest at ~1,500 s, against the PostgreSQL ring's ~1,340 s from the checks' earlier end). Alone (`vitest` without
 * TEST_DATABASE_URL) they run in the PGlite ring as before.
 */
const EMBEDDED_ONLY_IN_POSTGRES_RING = process.env.TEST_BOTH_RINGS
  ? [
      "tests/integration/kill-mid-write-embedded.test.ts",
      "tests/integration/seed-after-crash.test.ts",
      "tests/integration/embedded-database-access.test.ts",
    ]
  : [];

/**
 * Files whose work never depends on the database: bodies refused or cut off before any value is stored (the flood,
 * the body limits and the large-body gate), methods refused before any handler runs, a tRPC batch counted before any
 * call runs, and the built app on a database that is away. The database only holds the caller they authenticate as,
 * so the PostgreSQL run would repeat the PGlite run's work: they run in the PGlite run only, as in a plain `npm test`.
 */
const DATABASE_AGNOSTIC = [
  "tests/integration/request-flood.test.ts",
  "tests/integration/body-limits.test.ts",
  "tests/integration/large-body-gate.test.ts",
  "tests/integration/route-methods.test.ts",
  "tests/integration/trpc-batch-cap.test.ts",
  "tests/integration/store-unavailable-pages.test.ts",
  // The built app behind nginx: cache headers, what nginx keeps and for whom, the purge hook, the app's own server
  // before Next. Which database holds the passport is no part of it; the built app on PostgreSQL is
  // several-app-servers.test.ts's (POSTGRES_ONLY).
  "tests/integration/http-caching.test.ts",
  // Calls over HTTP that the browser ring once made against the embedded database only: input refused before it
  // reaches a query. (The authorization matrix runs on both databases: issue 36 asks it of PostgreSQL too.)
  "tests/integration/api-key-names.test.ts",
  "tests/integration/unusual-requests.test.ts",
];

/**
 * Files that set the environment the app's configuration is read from (SMTP_URL, for an inbox of their own): the
 * configuration is read once per process, so these files get a fresh one each (`isolate`), as all files once did.
 */
const OWN_CONFIGURATION = [
  "tests/integration/app-locale.test.ts",
  "tests/integration/email-ownership.test.ts",
  "tests/integration/invitations.test.ts",
  // PUBLIC_BASE_URL: the route server's origin, which the organizations' did:web then names.
  "tests/integration/passport-verify-cli.test.ts",
];

/**
 * Files that take minutes whatever their size (CI's per-file times: the flood ~207 s, the CLI ~181 s, the fuzz suite
 * ~187 s, the killed embedded writers ~160 s), started first. Vitest starts the longest files first by the times of
 * the previous run, and without one (a fresh clone, as in CI) the largest files first: the flood's and the killed
 * writers' short files then started among the last, and the run ended with one worker on them while the other had
 * nothing left to do.
 */
const LONG_FILES = [
  "tests/integration/request-flood.test.ts",
  "tests/integration/fuzz-write-routes.test.ts",
  "tests/integration/cli.test.ts",
  "tests/integration/kill-mid-write-embedded.test.ts",
];

/**
 * Files that start the built app, which `npm test` builds only once the checks have ended (scripts/test.ts): they
 * start last, so that no worker sits waiting for the build (ensureAppBuilt) while the integration rings run beside
 * the checks.
 */
const BUILT_APP_FILES = [
  "tests/integration/http-caching.test.ts",
  "tests/integration/store-unavailable-pages.test.ts",
  "tests/integration/several-app-servers.test.ts",
];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isOneOf = (list: string[], spec: TestSpecification) => list.some((file) => spec.moduleId.endsWith(`/${file}`));
    const rank = (spec: TestSpecification) => {
      if (isOneOf(BUILT_APP_FILES, spec)) return LONG_FILES.length + 1;
      const index = LONG_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? LONG_FILES.length : index;
    };
    // Array.prototype.sort is stable: the others keep the order vitest chose, and so do the projects' groups.
    return sorted.sort((a, b) => groupOf(a) - groupOf(b) || rank(a) - rank(b));
  }
}

function groupOf(spec: TestSpecification): number {
  return spec.project.config.sequence.groupOrder;
}

/**
 * An integration project: its own fresh database (global-setup.ts), run after the projects of a lower group.
 * `isolate: false` lets a worker keep the app's module graph from one file to the next: loading it afresh for each
 * of 76 files was a third of the run (575 of 1,574 s summed over the workers in one CI run). Files share nothing
 * else: each creates its own users and organizations, as they already did on the one shared database.
 */
function integrationProject(
  name: string,
  include: string[],
  exclude: string[],
  groupOrder: number,
  { isolate = false, env = {} }: { isolate?: boolean; env?: Record<string, string> } = {},
) {
  return {
    resolve: { alias },
    test: {
      name,
      include,
      isolate,
      exclude: [
        ...exclude,
        ...(process.env.TEST_DATABASE_URL
          ? [...EMBEDDED_ONLY.filter((file) => !EMBEDDED_ONLY_IN_POSTGRES_RING.includes(file)), ...DATABASE_AGNOSTIC]
          : [...POSTGRES_ONLY, ...EMBEDDED_ONLY_IN_POSTGRES_RING]),
      ],
      environment: "node" as const,
      env,
      globalSetup: ["tests/integration/global-setup.ts"],
      setupFiles: ["tests/integration/support/setup-env.ts"],
      // 120 s, not 60: `npm test` runs the PostgreSQL ring beside the browser ring now (scripts/test.ts), where the
      // PGlite ring's files took five times their time alone, and a default-timeout test there takes up to 11 s alone
      // (passport-verify-cli.test.ts, which starts the CLI). A timeout only bounds a hang; no assertion waits on it.
      testTimeout: 120_000,
      hookTimeout: 120_000,
      // PGlite is one database per worker; two cores do not profit from more workers.
      maxWorkers: 2,
      sequence: { groupOrder },
    },
  };
}

export default defineConfig({
  resolve: { alias },
  // The PostgreSQL run of `npm test` runs beside the PGlite run (scripts/test.ts): a cache of its own, so the two never
  // write vitest's results file (the file times the sequencer reads) at the same moment.
  cacheDir: process.env.TEST_DATABASE_URL ? "node_modules/.vite-postgres" : undefined,
  test: {
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        resolve: { alias },
        // 15 s, not the default 5: a few unit tests do real work (a module graph loaded fresh, a 100 MB zip bomb refused,
        // fast-check properties), which a 2-core machine shared with a build or a browser can stretch past 5 s.
        // Unit tests share a worker's module graph from file to file (`isolate: false`): 108 s became 41 s side by side.
        test: {
          name: "unit",
          include: ["src/**/*.test.ts"],
          isolate: false,
          environment: "node",
          testTimeout: 15_000,
          sequence: { groupOrder: 0 },
        },
      },
      integrationProject("integration", ["tests/integration/**/*.test.ts"], [...HEAVY_FILES, ...OWN_CONFIGURATION], 0),
      integrationProject("integration-own-configuration", OWN_CONFIGURATION, [], 0, { isolate: true }),
      // A process of its own (`isolate`): the configuration is read once per process.
      integrationProject("integration-heavy", HEAVY_FILES, [], 1, { isolate: true, env: HEAVY_CONFIGURATION }),
    ],
  },
});
