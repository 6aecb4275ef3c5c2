import { runCli } from "~/cli/run";

/**
 * `npm run --silent cli -- <command> [--flag value …]`: JSON on stdout, and on failure one readable line on stderr
 * (then one line per problem) with exit code 2 for bad input and 1 for anything else (run.ts).
 */
void runCli(process.argv.slice(2), process).then((code) => process.exit(code));
