import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain ES module without types, the same one eslint.config.mjs spreads.
import { layerRules } from "../eslint.layers.mjs";
// @ts-expect-error -- a plain ES module without types, the same one eslint.config.mjs spreads.
import { appTextRules } from "../eslint.app-text.mjs";

/** Some rules alone (no type information needed), on code given as text under a path of the tree. */
function linterWith(rules: Linter.Config[]): ESLint {
  return new ESLint({
    cwd: process.cwd(),
    overrideConfigFile: true,
    overrideConfig: [
      { files: ["**/*.{ts,tsx}"], languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } } },
      ...rules,
    ],
  });
}

const eslint = linterWith(layerRules as Linter.Config[]);

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe("the layer rules of ARCHITECTURE.md fail lint on a violation", () => {
  it.each([
    ["src/components/x/a.tsx", 'import { getModel } from "~/server/services/models/get-model";'],
    ["src/components/x/a.tsx", 'import type { TInvitation } from "~/server/services/invitations/internal/invitation-dto";'],
    ["src/components/x/a.tsx", 'import { orNotFound } from "~/app/_lib/or-not-found";'],
    ["src/app/api/x/route.ts", 'import { readDataValues } from "~/server/services/data-values/internal/data-value-sql";'],
    ["src/server/rest/x.ts", 'import { lockOwner } from "~/server/services/internal/passport-data-owner";'],
    ["src/server/trpc/routers/x.router.ts", 'import { readItem } from "~/server/services/items/internal/item-dto";'],
    ["src/server/services/models/x.ts", 'import { cn } from "~/lib/cn";'],
    ["src/domain/x.ts", 'import { getConfig } from "~/server/config";'],
    ["src/domain/x.ts", 'import { cn } from "~/lib/cn";'],
    ["src/server/trpc/x.ts", 'import { cn } from "~/lib/cn";'],
    ["src/server/public-pages/x.ts", 'import { placeSectionCells } from "~/components/layout-grid/cells";'],
    ["src/server/services/models/x.ts", 'import { getSession } from "~/app/_lib/current-actor";'],
    ["src/i18n/x.ts", 'import { getSession } from "~/app/_lib/current-actor";'],
    ["src/domain/x.ts", 'import { getConfig } from "../server/config";'],
    ["src/components/x/a.tsx", 'import { getModel } from "../../server/services/models/get-model";'],
    ["src/server/services/models/x.ts", 'import { readModel } from "./internal/model-dto";'],
    ["src/app/x/page.tsx", 'import Link from "next/link";'],
    ["src/components/x/a.tsx", 'import Link from "next/link";'],
  ])("%s: %s", async (filePath, code) => {
    expect(await problems(filePath, code)).toContain("no-restricted-imports");
  });

  it.each([
    ["src/components/x/a.tsx", 'import type { AppRouter } from "~/server/trpc/_app";'],
    ["src/components/x/a.tsx", 'import { isFilled } from "~/domain/completeness";'],
    ["src/app/api/x/route.ts", 'import { addDataValues } from "~/server/services/data-values/add-data-values";'],
    ["src/server/services/models/x.ts", 'import { readModel } from "~/server/services/models/internal/model-dto";'],
    ["src/domain/x.ts", 'import { z } from "zod";\nimport { ZText } from "~/domain/text";'],
    ["src/app/layout.tsx", 'import { TrpcProvider } from "~/lib/trpc/react";'],
    ["src/server/public-pages/x.ts", 'import en from "../../../messages/en.json";'],
    ["src/domain/aas/x.test.ts", 'import { aasxPackage } from "../../../tests/integration/support/aasx-package";'],
    ["src/app/x/page.tsx", 'import { Link } from "~/components/ui/link";'],
    ["src/components/ui/link.tsx", 'import NextLink from "next/link";'],
  ])("allows %s: %s", async (filePath, code) => {
    expect(await problems(filePath, code)).toEqual([]);
  });

  it("fails a function over 150 lines, outside tests", async () => {
    const long = `export function f(): number {\n${Array.from({ length: 151 }, (_, i) => `  const a${i} = ${i};`).join("\n")}\n  return 0;\n}\n`;
    expect(await problems("src/server/services/models/x.ts", long)).toContain("max-lines-per-function");
    expect(await problems("src/server/services/models/x.test.ts", long)).toEqual([]);
  });
});

describe("the app-text rule of docs/app-text.md fails lint on hard-coded text", () => {
  const textLint = linterWith(appTextRules as Linter.Config[]);
  const lint = async (code: string) => {
    const [result] = await textLint.lintText(code, { filePath: "src/components/site-header.tsx" });
    return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
  };

  it.each([
    "const a = <p>Sign in</p>;",
    'const a = <p>{"Sign in"}</p>;',
    "const a = <p>{`${n} items`}</p>;",
    'const a = <p>{busy ? "Saving…" : t("save")}</p>;',
    'const a = <p>{error && "Failed"}</p>;',
    'const a = <input aria-label="Search" />;',
    "const a = <input placeholder={`Type ${x}`} />;",
    'const a = <Field label={x ? "Name" : t("name")} />;',
    'const a = <img alt="Logo" />;',
  ])("%s", async (code) => {
    expect(await lint(code)).toContain("app-text/no-hard-coded-text");
  });

  it.each([
    'const a = <p>{t("signIn")}</p>;',
    'const a = <p className="text-sm font-medium">{name} · 404 →</p>;',
    'const a = <a href="/sign-in" aria-label={t("x")}>{t("y")}</a>;',
    'const a = <input type="email" autoComplete="off" id={`f-${id}`} />;',
  ])("allows %s", async (code) => {
    expect(await lint(code)).toEqual([]);
  });

  // The public passport page is HTML built by `html` tagged templates (src/server/public-pages/html.ts).
  const lintPage = async (code: string) => {
    const [result] = await textLint.lintText(code, { filePath: "src/server/public-pages/page.ts" });
    return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
  };

  it.each([
    "const a = html`<p>Not given</p>`;",
    'const a = html`<section aria-label="Published version">${b}</section>`;',
    'const a = html`<dt>${n === 1 ? "Identifier" : "Identifiers"}</dt>`;',
    "const a = html`<strong>${t(key)}</strong> You see the public passport.`;",
  ])("%s", async (code) => {
    expect(await lintPage(code)).toContain("app-text/no-hard-coded-text");
  });

  it.each([
    'const a = html`<p class="hash" data-x="${y}">SHA-256 <code>${t("x")}</code> &nbsp; · ${n}</p>`;',
    'const a = html`<dt>GTIN</dt><dd><a href="/p/${uuid}">${t("passportLink", { uuid })}</a></dd>`;',
  ])("allows %s", async (code) => {
    expect(await lintPage(code)).toEqual([]);
  });
});
