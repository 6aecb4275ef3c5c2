import { AppError, type Issue } from "~/domain/app-error";
import { normalizeDataValue, type TDataValue, type TDataValueInput } from "~/domain/data-value";
import { findDuplicateTriples } from "~/domain/data-value-validation";
import { assertDataValueCount } from "~/server/services/data-values/internal/data-value-count";

/**
 * Checks what can be checked without the database, before a transaction is opened: the request's size against the
 * configured limit, and the same triple twice. Returns the values with numbers turned into decimal strings.
 */
export function prepareDataValues(values: readonly TDataValueInput[]): TDataValue[] {
  assertDataValueCount(values.length);
  const normalized = values.map(normalizeDataValue);
  const duplicates = findDuplicateTriples(normalized);
  if (duplicates.length > 0) {
    throw new AppError("VALIDATION", "The request names the same data value more than once.", duplicates);
  }
  return normalized;
}

/** Throws the validation issues of a request, if there are any; nothing has been written at that point. */
export function assertValid(issues: Issue[]): void {
  if (issues.length === 0) return;
  throw new AppError(
    "VALIDATION",
    `${issues.length} data value${issues.length === 1 ? " is" : "s are"} invalid; nothing was saved.`,
    issues,
  );
}
