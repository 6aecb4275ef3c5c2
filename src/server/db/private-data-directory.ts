import "server-only";
import { randomBytes } from "node:crypto";
import { chmod, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * DATA_DIR holds the embedded database's files (password hashes, session tokens and key hashes, WAL included),
 * the auth secret and the database password, so nobody but its owner may read or write any of it.
 *
 * PGlite's file system layer sets explicit modes (0666) on the files of a new database, and older versions of
 * the app created the directory with the default umask, so modes are tightened on every start as well as by the
 * umask for files written later.
 */

const PASSWORD_FILE = "db-password";

/** Creates DATA_DIR as 0700 and makes the owning process write every later file without group or other bits. */
export async function preparePrivateDataDirectory(dataDir: string): Promise<void> {
  // Process-wide on purpose: PGlite writes WAL segments and relation files for as long as the process lives.
  process.umask(0o077);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
}

/** Takes group and other permissions from everything under `dir` (data directories of older versions). */
export async function restrictPermissions(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile() || entry.isDirectory())
      .map((entry) => chmod(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600)),
  );
}

/** The password of the embedded database's socket: generated on first start, mode 0600, like the auth secret. */
export async function readOrCreateDatabasePassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, PASSWORD_FILE);
  try {
    await writeFile(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const password = await readDatabasePassword(dataDir);
  if (!password) throw new Error(`${file} is empty or unreadable; delete it to have a new password generated.`);
  return password;
}

/** The password another process of the same user needs to reach the served database; undefined when unreadable. */
export async function readDatabasePassword(dataDir: string): Promise<string | undefined> {
  try {
    const password = (await readFile(path.join(dataDir, PASSWORD_FILE), "utf8")).trim();
    return password || undefined;
  } catch {
    return undefined;
  }
}
