import { AppError, type Issue } from "~/domain/app-error";

/**
 * The errors of a value write's statements (apply-data-changes.ts, dataChangesWrite), for a write of one owner and
 * of many alike. `issues` name the values of the first owner at fault (docs/api.md §Data values).
 */

/** Adds whose place already holds a value: 409, nothing saved. */
export function takenAddsError(count: number, issues: Issue[]): AppError {
  return new AppError(
    "CONFLICT",
    `${count} of the added data values already exist; change them with modify (PATCH). Nothing was saved.`,
    issues,
  );
}

/** Modifies of places that hold no value: 400, nothing saved. */
export function missingModifiesError(count: number, issues: Issue[]): AppError {
  return new AppError(
    "VALIDATION",
    `${count} modified data value${count === 1 ? " does" : "s do"} not exist; nothing was saved.`,
    issues,
  );
}
