import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No import circles in src/ (ARCHITECTURE.md): a module in one only half-exists while the other loads, and a circle
 * through two layers is a layer rule broken in disguise. ESLint's import/no-cycle doubled the lint's time (462 s of
 * 876 s measured with TIMING), so the graph is read here with the compiler's own parser and module resolution, in
 * about a second. Type-only imports are erased from the output, so they cannot form a circle and are left out.
 */

/** Each module's value imports, resolved as tsconfig.json says (the `~/` alias), to files of the project. */
function importGraph(projectDir: string): Map<string, string[]> {
  const configPath = path.join(projectDir, "tsconfig.json");
  const config = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, (p) => ts.sys.readFile(p)).config, ts.sys, projectDir);
  const files = config.fileNames.filter((f) => /\/src\/.*\.tsx?$/.test(f) && !/\.d\.ts$/.test(f));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, ts.sys.readFile(file) ?? "", ts.ScriptTarget.Latest, false);
    const targets = valueImports(source)
      .map((spec) => ts.resolveModuleName(spec, file, config.options, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target): target is string => target !== undefined && known.has(target));
    graph.set(file, targets);
  }
  return graph;
}

function valueImports(source: ts.SourceFile): string[] {
  const specs: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        (clause.phaseModifier === ts.SyntaxKind.TypeKeyword ||
          (clause.name === undefined &&
            named !== undefined &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((e) => e.isTypeOnly)));
      if (!onlyTypes) specs.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      if (!statement.isTypeOnly) specs.push(statement.moduleSpecifier.text);
    }
  }
  return specs;
}

/** The circles of a graph: its strongly connected components of more than one module (Tarjan), each sorted. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** A tiny project with the app's `~/` alias: each module imports the ones named. */
async function projectWith(modules: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "import-graph-"));
  await mkdir(path.join(dir, "src"));
  const tsconfig = { compilerOptions: { baseUrl: ".", paths: { "~/*": ["src/*"] } }, include: ["src"] };
  await writeFile(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
  for (const [name, code] of Object.entries(modules)) await writeFile(path.join(dir, "src", `${name}.ts`), code);
  return dir;
}

describe("import circles", () => {
  // The compiler reads the whole of src/: about a second alone, but twenty at the load of a CI run's three lanes.
  it("src/ has none", { timeout: 120_000 }, () => {
    const relative = circles(importGraph(process.cwd())).map((circle) => circle.map((f) => path.relative(process.cwd(), f)));
    expect(relative).toEqual([]);
  });

  it("are found through the alias and relative paths, and only through value imports", async () => {
    const dir = await projectWith({
      a: 'import { b } from "~/b";\nexport const a = () => b;\n',
      b: 'import { c } from "./c";\nexport const b = () => c;\n',
      c: 'import type { A } from "~/a";\nimport { type D } from "~/d";\nexport const c = (x: A, y: D) => [x, y];\n',
      d: 'export * from "~/a";\nexport type D = number;\n',
    });
    try {
      expect(circles(importGraph(dir))).toEqual([]);
      await writeFile(path.join(dir, "src/c.ts"), 'import { a } from "~/a";\nexport const c = () => a;\n');
      expect(circles(importGraph(dir))).toEqual([["a", "b", "c"].map((name) => path.join(dir, "src", `${name}.ts`))]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
