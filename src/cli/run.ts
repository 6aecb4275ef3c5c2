import { parseArgs } from "node:util";
import { AppError, zodIssues } from "~/domain/app-error";
import { attachDatabase } from "~/cli/database";
import { COMMANDS } from "~/cli/commands";

/** Where a command writes: the process's streams for the CLI (main.ts), strings for a test that runs it in process. */
export type CliOutput = { stdout: { write(text: string): unknown }; stderr: { write(text: string): unknown } };

class UsageError extends Error {}

/**
 * Runs one command (`<command> [--flag value …]`): its JSON result on stdout and 0, or on failure one readable line
 * on stderr (then one line per problem) and 2 for bad input, 1 for anything else. main.ts exits with that code.
 */
export async function runCli(argv: string[], output: CliOutput): Promise<number> {
  try {
    const result = await runCommand(argv);
    output.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      output.stderr.write(`Error: ${error.message}\n`);
      return 2;
    }
    if (error instanceof AppError) {
      const details = (error.issues ?? []).map((issue) => `  ${issue.path}: ${issue.message}`);
      output.stderr.write([`Error: ${error.message}`, ...details].join("\n") + "\n");
      return error.code === "VALIDATION" || error.code === "BAD_REQUEST" ? 2 : 1;
    }
    output.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

async function runCommand(argv: string[]): Promise<unknown> {
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
    return await command.run(flags.data);
  } finally {
    await database.release();
  }
}
