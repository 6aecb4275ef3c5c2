import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * One TypeScript entry point of the repository (the operator CLI, a test's helper process) as one ES module, built
 * with esbuild into .cache/bundles/ when the bundle is missing or one of its own sources is newer than it, then run
 * by plain `node`. Loading the CLI through tsx compiled and resolved its ~600 modules on every run: 4.4 s of CPU for
 * `org:create`, against 2.6 s from the bundle, and CI runs the CLI and its helpers about a hundred times.
 *
 * Plain JavaScript because it must run before any TypeScript loader: that loader is the cost it avoids.
 */

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const OUT_DIR = path.join(ROOT, ".cache", "bundles");
// Changes that alter how the sources resolve or compile, beyond the sources the last bundle read.
const CONFIG_INPUTS = ["tsconfig.json", "package-lock.json"];
// Bundled rather than left to node: its ES build imports its own files without extensions, which node refuses.
const INLINED = new Set(["@aas-core-works/aas-core3.0-typescript"]);

/** Bundles being written by this process, by entry: callers side by side share one build. */
const building = new Map();

/** The path of an up-to-date bundle of `entry` (a path relative to the repository). */
export function bundled(entry) {
  let pending = building.get(entry);
  if (!pending) {
    pending = bundle(entry).finally(() => building.delete(entry));
    building.set(entry, pending);
  }
  return pending;
}

async function bundle(entry) {
  const name = entry.replace(/\.tsx?$/, "").replaceAll(/[/\\]/g, "+");
  const output = path.join(OUT_DIR, `${name}.mjs`);
  const inputsFile = path.join(OUT_DIR, `${name}.inputs.json`);
  if (!isStale(output, inputsFile)) return output;

  mkdirSync(OUT_DIR, { recursive: true });
  // Loaded only to build: a run from an up-to-date bundle needs nothing of it.
  const { build } = await import("esbuild");
  // Written beside and renamed into place: processes started together may bundle together, and a reader must never
  // see a half-written file. Both write the same bundle.
  const suffix = `${process.pid}.tmp`;
  const temporary = `${output}.${suffix}`;
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outfile: temporary,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // As Next's server bundles and `npm run cli` resolve: "server-only" is then the empty module.
    conditions: ["react-server"],
    external: externalPackages(),
    metafile: true,
    logLevel: "error",
  });
  const inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(ROOT, input));
  writeFileSync(`${inputsFile}.${suffix}`, JSON.stringify(inputs));
  renameSync(`${inputsFile}.${suffix}`, inputsFile);
  renameSync(temporary, output);
  return output;
}

function isStale(output, inputsFile) {
  const built = mtime(output);
  if (built === undefined) return true;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(inputsFile, "utf8"));
  } catch {
    return true;
  }
  const newest = [...inputs, ...CONFIG_INPUTS.map((file) => path.join(ROOT, file))].map((file) => mtime(file) ?? Infinity);
  return newest.some((time) => time > built);
}

/** Every installed package stays a package: node loads it from node_modules at run time, as tsx did. */
function externalPackages() {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
  const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) => !INLINED.has(name));
  return names.flatMap((name) => [name, `${name}/*`]);
}

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}
