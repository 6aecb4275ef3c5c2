import { inject } from "vitest";

// Runs before each test file's imports: the app's modules read DATABASE_URL on first use.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.BETTER_AUTH_SECRET ??= "integration-tests-secret-0123456789abcdef";
process.env.BETTER_AUTH_URL ??= "http://localhost:3000";
// The backup copies the tests' deployment serves (docs/registry.md §Backup URL): registry records name these only.
process.env.SERVED_BACKUP_BASE_URLS ??= "https://backup.example.org,https://backup.example.org/dpp";
// Publishing refuses a loopback issuer unless PUBLIC_BASE_URL names it (docs/versions.md §Signing identity): the
// same origin as BETTER_AUTH_URL, so links and QR codes are what they were without it.
process.env.PUBLIC_BASE_URL ??= process.env.BETTER_AUTH_URL;
