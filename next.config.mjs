import createNextIntlPlugin from "next-intl/plugin";

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The app's HTTP server compresses answers itself, at zlib's fastest level (src/server/http/compress-responses.ts);
  // Next's own compression would use the default level, three times the work on a large answer.
  compress: false,
  // `npm test` type-checks the whole repository with `tsc --noEmit` as its first step; the build would only repeat
  // it, adding a minute to every first `npm start` on a 2-core machine.
  typescript: { ignoreBuildErrors: true },
  // Turbopack keeps a cache of a build on disk (about 200 MB) for the next build of this checkout: a rebuild after a
  // one-file change took 28 s with it against 63–76 s without. CI (CI=true, .ci/run in a fresh clone) builds exactly
  // once, so there writing it is pure cost: 15–19 s of a 74–76 s build on a quiet machine, 56 s of 479 s in a loaded
  // run, beside the other rings on the same two cores.
  experimental: { turbopackFileSystemCacheForBuild: process.env.CI !== "true" },
  // Loaded by Node at run time rather than bundled: native-ish drivers and the WASM database; and exceljs, whose
  // XLSX writer hands strings to archiver-utils' `new Buffer()`: bundled, that call is the app's own and Node logged
  // a DEP0005 warning on every export; from node_modules it is a dependency's, which Node does not warn about.
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "@electric-sql/pglite", "@electric-sql/pglite-socket", "exceljs"],
  // The security headers are set by the app's HTTP server on every response (src/server/http/security-headers.ts),
  // not by `headers()`, which Next would match against every request.
};

// The app's own text (docs/app-text.md): next-intl reads each request's language and catalogue from this file.
const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

export default withNextIntl(nextConfig);
