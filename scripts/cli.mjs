import { pathToFileURL } from "node:url";
import { bundled } from "./bundle.mjs";

/**
 * `npm run cli -- <command> …` (`node --conditions=react-server scripts/cli.mjs`): runs src/cli/main.ts from its
 * bundle (scripts/bundle.mjs), built first when a source changed, in this process, so that the exit code, the
 * streams and the signals are the CLI's own.
 */
await import(pathToFileURL(await bundled("src/cli/main.ts")).href);
