import { expect } from "vitest";
import type { TModel } from "~/domain/model-schema";
import { IDS } from "./fixture-template";
import { withClient } from "./fresh-database";
import { startScript } from "./processes";

/**
 * What the two kill-mid-write files share (kill-mid-write.test.ts, kill-mid-write-embedded.test.ts): one
 * addDataValues call of 100,000 values is one transaction, so whenever the writing process dies the model holds
 * either none or all of them (with the 200,000 nulls that complete their repeater rows), never a part.
 */
const CHILD = "tests/integration/support/kill-mid-write-child.ts";
export const VALUE_COUNT = 100_000;
export const INITIAL_VALUES = 5;
export const ROUND_TIMEOUT = 900_000;

type Stage = "before-transaction" | "in-transaction" | "commit-sent" | "acknowledged";
type Expectation = "none" | "all" | "none or all";

// A kill before the transaction starts proves nothing the others do not, and each round writes 100,000 values,
// so the suite keeps to the moments that can go wrong: inside the transaction, with COMMIT in flight, and after it.
export const ROUNDS: { stage: Stage; killWhen: (line: string) => boolean; expected: Expectation }[] = [
  { stage: "in-transaction", killWhen: (line) => line === "inserted", expected: "none" },
  { stage: "commit-sent", killWhen: (line) => line === "commit-sent", expected: "none or all" },
  { stage: "acknowledged", killWhen: (line) => line.startsWith("committed "), expected: "all" },
];

type Created = { modelId: string; organizationId: string; userId: string; version: number };

/** Runs the child until `killWhen` holds for one of its lines, then SIGKILLs it; returns what it had created. */
export async function runAndKill(args: string[], killWhen: (line: string) => boolean): Promise<Created> {
  // The write of 100,000 values must reach the stage it is killed at: beside the browser ring on two cores it can
  // outlast the default transaction timeout (120 s), which would roll it back before "acknowledged".
  const child = await startScript(CHILD, args, {
    BETTER_AUTH_SECRET: "kill-mid-write-secret-0123456789abcdef",
    TRANSACTION_TIMEOUT_MS: "600000",
  });
  let exit: Awaited<ReturnType<typeof child.kill>>;
  try {
    await child.waitForOutput((lines) => lines.some(killWhen), ROUND_TIMEOUT - 60_000);
  } finally {
    exit = await child.kill("SIGKILL");
  }
  // Killed, not exited by itself: the child never shuts down cleanly.
  expect(exit, child.stderr).toEqual({ code: null, signal: "SIGKILL" });
  const line = child.stdout.split("\n").find((l) => l.startsWith("model "));
  expect(line, child.stdout).toBeDefined();
  const created = JSON.parse((line ?? "").slice("model ".length)) as Created;
  expect(created.version).toBe(1);
  return created;
}

/** Checks all-or-nothing on the model as the app reads it; returns whether the write is there. */
export function expectAllOrNothing(model: TModel, expected: Expectation): "none" | "all" {
  const count = (fieldId: string) => model.dataValues.filter((v) => v.dataFieldId === fieldId).length;
  const counts = {
    substance: count(IDS.substance),
    share: count(IDS.share),
    certificate: count(IDS.certificate),
    total: model.dataValues.length,
    version: model.version,
  };
  const none = { substance: 0, share: 0, certificate: 0, total: INITIAL_VALUES, version: 1 };
  const all = {
    substance: VALUE_COUNT,
    share: VALUE_COUNT,
    certificate: VALUE_COUNT,
    total: INITIAL_VALUES + 3 * VALUE_COUNT,
    version: 2,
  };
  const outcome = counts.substance === 0 ? "none" : "all";
  expect(counts, `a partial write is visible (expected ${expected})`).toEqual(outcome === "none" ? none : all);
  if (expected !== "none or all") expect(outcome).toBe(expected);
  if (outcome === "all") {
    const substances = model.dataValues.filter((v) => v.dataFieldId === IDS.substance);
    expect(substances.every((v) => v.value === `Substance ${v.row}`)).toBe(true);
    expect(new Set(substances.map((v) => v.row)).size).toBe(VALUE_COUNT);
  }
  return outcome;
}

/** The data values of the model as stored, counted by SQL (independent of the app's read path). */
export async function countStored(url: string, modelId: string): Promise<{ values: number; version: number | null }> {
  return withClient(url, async (client) => {
    const values = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM data_value WHERE "modelId" = $1`, [modelId]);
    const model = await client.query<{ version: number }>(`SELECT version FROM model WHERE id = $1`, [modelId]);
    return { values: values.rows[0]?.n ?? -1, version: model.rows[0]?.version ?? null };
  });
}
