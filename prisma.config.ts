import { defineConfig } from "prisma/config";

// The URL is only needed by `prisma migrate deploy` on machines that have Prisma's schema engine; the app applies
// the same migrations itself (src/server/db/migrate.ts).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres" },
});
