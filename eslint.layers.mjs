/**
 * The layer rules of ARCHITECTURE.md, so they cannot drift: each block names who may not import what. The code
 * imports through the `~/` alias everywhere, so the patterns match it. Kept apart from eslint.config.mjs so that
 * src/eslint-rules.test.ts can run exactly these rules on small fixtures and prove each one fails on a violation.
 * A later block's `no-restricted-imports` replaces an earlier one's for the files both match, so each block lists
 * every pattern its files are bound by.
 */
const SERVER_CODE = {
  regex: "^~/(app/|server/(?!trpc/_app$))",
  message:
    "Components never import server code or pages: a page loads the data and passes it as props; types come from the tRPC router (inferRouterOutputs<AppRouter>).",
};
const INTERNAL = {
  regex: "^~/server/services/(.+/)?internal/",
  message: "Adapters call operations (services/<domain>/<verb-noun>.ts), never a service's internal/ helpers.",
};
const BROWSER_LIB = { regex: "^~/lib/", message: "src/lib/ is the browser's; the server never imports it." };
const UI_CODE = {
  regex: "^~/(app|components)/",
  message:
    "Server code and the message catalogues' loader never import pages or components: what both need is a rule of src/domain (or src/server for the server's).",
};
// `./x`, `../x` into the app's own code would slip past every pattern above (they match the `~/` alias): only data
// files (message catalogues, seed JSON, the ESLint configurations, style sheets) and test support outside src/ are
// imported by path.
const RELATIVE = {
  regex: "^\\.{1,2}/(?!(\\.\\./)*tests/)(?!.*\\.(json|mjs|css)$)",
  message: "Import the app's code through the ~/ alias, so the layer rules see it.",
};
const OUTSIDE_DOMAIN = {
  regex: "^~/(?!domain/)",
  message: "src/domain holds pure rules: it imports only src/domain and packages, nothing of the app.",
};

// Every page is dynamic, so a link prefetched on sight is a server render per link per view: links prefetch on
// intent (src/components/ui/link.tsx, the one importer of next/link).
const NEXT_LINK = {
  regex: "^next/link$",
  message: "Import { Link } from ~/components/ui/link: it prefetches on intent, not for every link in view.",
};

const restrict = (...patterns) => ({ "no-restricted-imports": ["error", { patterns }] });

export const layerRules = [
  { files: ["src/**/*.{ts,tsx}"], rules: restrict(RELATIVE) },
  { files: ["src/components/**/*.{ts,tsx}"], rules: restrict(SERVER_CODE, NEXT_LINK, RELATIVE) },
  { files: ["src/components/ui/link.tsx"], rules: restrict(SERVER_CODE, RELATIVE) },
  { files: ["src/server/**/*.ts", "src/i18n/**/*.ts"], rules: restrict(BROWSER_LIB, UI_CODE, RELATIVE) },
  // The adapters: pages and route handlers, the REST wrapper, the tRPC routers, the CLI.
  { files: ["src/app/**/*.{ts,tsx}", "src/cli/**/*.ts"], rules: restrict(INTERNAL, NEXT_LINK, RELATIVE) },
  { files: ["src/server/rest/**/*.ts", "src/server/trpc/**/*.ts"], rules: restrict(INTERNAL, BROWSER_LIB, UI_CODE, RELATIVE) },
  { files: ["src/domain/**/*.ts"], rules: restrict(OUTSIDE_DOMAIN, RELATIVE) },
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/**/*.test.{ts,tsx}"],
    rules: {
      // CODE_STYLE.md: a function longer than this does several things. Tests are lists of cases and are exempt.
      "max-lines-per-function": ["error", { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
];
