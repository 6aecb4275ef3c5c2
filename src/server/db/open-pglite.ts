import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

/**
 * Opens PGlite on `dataDir` (in memory when undefined). A new database starts as what PGlite's initdb writes, and
 * PGlite runs that WebAssembly initdb for every new data directory: 4–7 s of CPU each time, five times what opening
 * one costs. Its output is the same every time for one PGlite version (no password or name of ours is in it: the
 * password is checked before PGlite, scram-authentication.ts), so the first new database of a machine keeps a copy
 * of it (PGlite's dumpDataDir, taken before anything else is written) in node_modules/.cache, and each later one
 * starts from that copy (1.3–2 s). The tests start a new embedded database in dozens of places; a fresh install or
 * a read-only node_modules just runs initdb as before.
 */
export async function openPGlite(dataDir: string | undefined): Promise<PGlite> {
  if (dataDir !== undefined && !(await isEmptyDirectory(dataDir))) return PGlite.create(dataDir);
  const file = await templateFile();
  if (!file) return PGlite.create(dataDir);
  const template = await readFile(file).catch(() => undefined);
  if (template) {
    try {
      return await PGlite.create(dataDir, { loadDataDir: new Blob([template]) });
    } catch {
      // A damaged copy: forget it, and undo what it left in the new directory, then start the way PGlite does.
      await rm(file, { force: true });
      if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
    }
  }
  const db = await PGlite.create(dataDir);
  await keepTemplate(db, file).catch(() => undefined);
  return db;
}

/** Written beside and renamed into place, so that processes starting together never read half a copy. */
async function keepTemplate(db: PGlite, file: string): Promise<void> {
  const dump = await db.dumpDataDir("none");
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${randomBytes(6).toString("hex")}`;
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
  await rename(partial, file).catch(() => rm(partial, { force: true }));
}

async function isEmptyDirectory(dataDir: string): Promise<boolean> {
  const entries = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  return entries.length === 0;
}

/**
 * node_modules/.cache/passport-studio/pglite-<version>-initdb.tar, named by the version of the PGlite package that
 * made it. Found from the working directory, where every command of ours runs (the package's own location is not
 * known inside Next's server bundle); without a PGlite package there, no copy is kept.
 */
async function templateFile(): Promise<string | undefined> {
  const nodeModules = path.resolve("node_modules");
  const version = await readFile(path.join(nodeModules, "@electric-sql", "pglite", "package.json"), "utf8")
    .then((text) => (JSON.parse(text) as { version?: string }).version)
    .catch(() => undefined);
  return version && path.join(nodeModules, ".cache", "passport-studio", `pglite-${version}-initdb.tar`);
}
