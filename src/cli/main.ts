import { parseArgs } from "node:util";
import { AppError, zodIssues } from "~/domain/app-error";
import { attachDatabase } from "~/cli/database";
import { COMMANDS } from "~/cli/commands";

/**
 * `npm run --silent cli -- <command> [--flag value …]`: JSON on stdout, and on failure one readable line on stderr
 * (then one line per problem) with exit code 2 for bad input and 1 for anything else.
 */

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    const list = Object.values(COMMANDS)
      .map((entry) => `  ${entry.usage}`)
      .join("\n");
    throw new UsageError(`${name ? `Unknown command "${name}"` : "No command given"}. Commands:\n${list}`);
  }
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    // Every flag takes a string value; parseArgs refuses unknown flags by name.
    const options = Object.fromEntries(
      Object.keys(command.flags.shape).map((key) => [
        key,
        { type: "string" as const, multiple: command.multiple?.includes(key) ?? false },
      ]),
    );
    values = parseArgs({ args: rest, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}. Usage: ${command.usage}`);
  }
  const flags = command.flags.safeParse(values);
  if (!flags.success) {
    const problems = zodIssues(flags.error, "").map((issue) => `--${issue.path.replace(/^\.?/, "")}: ${issue.message}`);
    throw new UsageError(`Invalid arguments. Usage: ${command.usage}\n${problems.join("\n")}`);
  }
  const database = command.needsDatabase === false ? { release: () => Promise.resolve() } : await attachDatabase();
  try {
    const result = await command.run(flags.data);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } finally {
    await database.release();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`Error: ${error.message}\n`);
      process.exit(2);
    }
    if (error instanceof AppError) {
      const details = (error.issues ?? []).map((issue) => `  ${issue.path}: ${issue.message}`);
      process.stderr.write([`Error: ${error.message}`, ...details].join("\n") + "\n");
      process.exit(error.code === "VALIDATION" || error.code === "BAD_REQUEST" ? 2 : 1);
    }
    process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
