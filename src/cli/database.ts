import path from "node:path";
import { findRunningEmbeddedServer, startEmbeddedServer } from "~/server/db/embedded-server";
import { migrate } from "~/server/db/migrate";
import { getConfig, setDatabaseUrl } from "~/server/config";

/**
 * Points this process at the configured database: DATABASE_URL when set; otherwise the embedded server the app
 * is already serving from DATA_DIR; otherwise the CLI opens the embedded database itself for the command's length.
 * Migrations are applied in every case, so the CLI works on a fresh clone before the app ever started.
 */
export async function attachDatabase(): Promise<{ release: () => Promise<void> }> {
  const config = getConfig();
  if (config.DATABASE_URL) {
    await migrate(config.DATABASE_URL);
    return { release: () => Promise.resolve() };
  }
  const dataDir = path.resolve(config.DATA_DIR);
  const running = await findRunningEmbeddedServer(dataDir);
  if (running) {
    setDatabaseUrl(running);
    await migrate(running);
    return { release: () => Promise.resolve() };
  }
  const server = await startEmbeddedServer({ dataDir });
  setDatabaseUrl(server.url);
  await migrate(server.url);
  return { release: server.stop };
}
