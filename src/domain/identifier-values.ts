import type { Issue } from "~/domain/app-error";
import { unstorableTextReason } from "~/domain/text";

/** The longest identifier value stored (docs/api.md): a serial number, a UUID or a GS1 key in any form. */
export const MAX_IDENTIFIER_LENGTH = 200;

/**
 * Why an identifier value (already trimmed) cannot be stored, or undefined when it can: empty, longer than
 * MAX_IDENTIFIER_LENGTH, a NUL or a lone surrogate. The one rule for every identifier a write stores: the request
 * schemas check it (item-schema.ts) and so does every normalisation of a written identifier (normaliseIdentifierValue),
 * which is how an identifier from a spreadsheet meets it too.
 */
export function identifierValueProblem(value: string): string | undefined {
  const label = "An identifier value";
  if (value === "") return `${label} must not be empty`;
  if (value.length > MAX_IDENTIFIER_LENGTH) return `${label} must be at most ${MAX_IDENTIFIER_LENGTH} characters`;
  const reason = unstorableTextReason(value);
  return reason === undefined ? undefined : `${label} ${reason}`;
}

/** The same identifier value twice in one request; reported at each later occurrence, naming the first. */
export function findDuplicateValues(values: readonly string[], pathOf: (i: number) => string): Issue[] {
  const firstAt = new Map<string, number>();
  const issues: Issue[] = [];
  for (const [i, value] of values.entries()) {
    const first = firstAt.get(value);
    if (first === undefined) firstAt.set(value, i);
    else issues.push({ path: pathOf(i), message: `"${value}" is the same identifier as ${pathOf(first)}; send each once` });
  }
  return issues;
}

/** A stored identifier, as the legacy normalisation reads it. */
export type StoredIdentifier = { uuid: string; organizationId: string; value: string };

/** What normalising stored identifiers does to each (docs/gs1.md, "Values stored before normalisation"). */
export type NormalisationPlan = {
  /** Rewritten to their stored form. */
  updates: (StoredIdentifier & { normalised: string })[];
  /** Look like a GS1 key but break a rule (a check digit…): left as they are, with the reason. */
  invalid: (StoredIdentifier & { message: string })[];
  /** Would become a value another identifier of its organization holds or takes first: left as they are. */
  collisions: (StoredIdentifier & { normalised: string })[];
};

/**
 * Plans the normalisation of identifiers stored before GS1 keys were normalised, with the same rule as a write
 * (`normaliseIdentifierValue`). Within one organization two values may become one key; the first in the given order
 * (the caller passes them oldest first, as the resolver prefers the key taken first) is rewritten and the others are
 * collisions, as is any value whose stored form `isTaken` already.
 */
export function planNormalisation(
  rows: readonly StoredIdentifier[],
  normalise: (value: string) => { value: string } | { message: string },
  isTaken: (organizationId: string, value: string) => boolean,
): NormalisationPlan {
  const plan: NormalisationPlan = { updates: [], invalid: [], collisions: [] };
  const claimed = new Set<string>();
  for (const row of rows) {
    const result = normalise(row.value);
    if ("message" in result) {
      plan.invalid.push({ ...row, message: result.message });
      continue;
    }
    if (result.value === row.value) continue;
    const key = JSON.stringify([row.organizationId, result.value]);
    if (claimed.has(key) || isTaken(row.organizationId, result.value)) {
      plan.collisions.push({ ...row, normalised: result.value });
      continue;
    }
    claimed.add(key);
    plan.updates.push({ ...row, normalised: result.value });
  }
  return plan;
}
