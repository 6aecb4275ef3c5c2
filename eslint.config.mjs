import js from "@eslint/js";
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import jsxA11y from "eslint-plugin-jsx-a11y";
import { defineConfig, globalIgnores } from "eslint/config";
import tseslint from "typescript-eslint";
import { appTextRules } from "./eslint.app-text.mjs";
import { layerRules } from "./eslint.layers.mjs";

/**
 * `npm run lint`. Type-aware: typescript-eslint's recommendedTypeChecked (floating and misused promises, unsafe `any`
 * flow, needless assertions) plus no-deprecated. Its strictTypeChecked was measured too and mostly adds style on this
 * code (numbers in template literals, `() => setX(…)` arrows returning void, `!` after checks the compiler can't
 * follow), not defects.
 */
export default defineConfig([
  globalIgnores([
    "src/generated/**",
    ".next/**",
    "test-results/**",
    "playwright-report/**",
    "bench-results/**",
    ".test-reports/**",
    ".data/**",
    ".cache/**",
    "next-env.d.ts",
  ]),
  js.configs.recommended,
  // Next's rules (React, hooks, @next/next, core web vitals); it registers the jsx-a11y plugin itself.
  ...nextCoreWebVitals,
  // All of jsx-a11y's recommended rules, not only the six Next turns on; the plugin is already registered above.
  { files: ["**/*.tsx"], rules: jsxA11y.flatConfigs.recommended.rules },
  tseslint.configs.recommendedTypeChecked,
  {
    // tsconfig.eslint.json: the program without the files `next build` writes, so linting may run beside a build.
    languageOptions: { parserOptions: { project: "./tsconfig.eslint.json", tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Deprecated APIs (zod 4's string formats, React's FormEvent) are the next upgrade's breakage.
      "@typescript-eslint/no-deprecated": "error",
      // React ignores what an event handler returns, so async onSubmit/onClick handlers are fine; the rule's other
      // checks (a promise as a condition, as a void callback argument, spread) stay on.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // `const { secret: _, ...rest } = row` is how this code leaves a property out.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
      // JSX text shows ' and " as written; escaping apostrophes in prose only makes the UI's words harder to read
      // and to find from the tests. `>` and `}` stay forbidden: there they usually are a typo.
      "react/no-unescaped-entities": ["error", { forbid: [">", "}"] }],
    },
  },
  {
    files: ["tests/**", "e2e/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      // Asymmetric matchers (`expect.any(String)`, `expect.stringMatching(…)`) are typed `any` by Vitest and
      // Playwright, so every `toEqual({ id: expect.any(String) })` would be reported.
      "@typescript-eslint/no-unsafe-assignment": "off",
    },
  },
  {
    files: ["tests/**", "e2e/**", "scripts/**"],
    rules: {
      // No React here: Playwright's fixture callback is named `use`, and `useDatabase` sets up a test database.
      "react-hooks/rules-of-hooks": "off",
    },
  },
  {
    files: ["e2e/**"],
    rules: {
      // Playwright reads a fixture's dependencies from its destructuring pattern: one with none must write `{}`.
      "no-empty-pattern": "off",
    },
  },
  {
    // One way to run axe (e2e/axe.ts): the builder's defaults cost a scan five times its time.
    files: ["e2e/**"],
    ignores: ["e2e/axe.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "@axe-core/playwright", message: "Scan with axeOf(page) from e2e/axe.ts." }] },
      ],
    },
  },
  {
    files: ["src/components/auth/**", "src/components/sign-out-button.tsx"],
    rules: {
      // Signing in, up or out ends with a full page load on purpose: the header and every server component then
      // render for the new session, and no client cache outlives the old one.
      "@next/next/no-location-assign-relative-destination": "off",
    },
  },
  // The layer rules of ARCHITECTURE.md and the function size of CODE_STYLE.md (eslint.layers.mjs).
  ...layerRules,
  // No hard-coded user-facing text in pages, components and the public pages (docs/app-text.md).
  ...appTextRules,
  {
    // One bounded reader of request bodies (src/server/rest/read-json-body.ts readBodyText): a body read any other
    // way would have no size limit, no deadline and no UTF-8 check. src/server/rest/body-readers.test.ts checks the
    // same in `npm test`.
    files: ["src/**/*.ts", "src/**/*.tsx", "scripts/**/*.ts"],
    ignores: ["src/server/rest/read-json-body.ts", "**/*.test.ts", "scripts/bench/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.object.name=/^(request|req|incoming)$/][callee.property.name=/^(text|json|arrayBuffer|formData|blob|bytes)$/]",
          message: "Read request bodies only with readBodyText/readJsonBody (src/server/rest/read-json-body.ts).",
        },
        {
          selector: "MemberExpression[object.property.name='body'][property.name=/^(getReader|pipeTo|pipeThrough|tee)$/]",
          message: "Read request bodies only with readBodyText/readJsonBody (src/server/rest/read-json-body.ts).",
        },
        {
          // One way into an interactive transaction: Prisma's own defaults (2 s to get a connection) turned a busy
          // pool into a failed sign-up, and inTransaction also purges shared caches after the commit.
          selector: "CallExpression[callee.property.name='$transaction'][arguments.0.type=/FunctionExpression$/]",
          message: "Start transactions with inTransaction (src/server/db/transaction.ts).",
        },
      ],
    },
  },
  // The few .mjs config files are outside tsconfig (allowJs is off), so they get the untyped rules only.
  { files: ["**/*.mjs"], extends: [tseslint.configs.disableTypeChecked] },
]);
