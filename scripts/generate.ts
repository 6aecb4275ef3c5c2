import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

/**
 * Generates the Prisma client into src/generated/prisma when it is missing or older than the schema. `prisma
 * generate` needs no database engine, but the CLI insists that one exists: where Prisma could not download it (no
 * internet), any existing file satisfies the check.
 */
export function ensurePrismaClient(): void {
  const schema = "prisma/schema.prisma";
  const generated = "src/generated/prisma/client.ts";
  if (existsSync(generated) && statSync(generated).mtimeMs >= statSync(schema).mtimeMs) return;
  execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) ensurePrismaClient();
