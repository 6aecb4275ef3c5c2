import { AppError, type Issue } from "~/domain/app-error";

/** Throws the validation issues of a request, if there are any; nothing has been written at that point. */
export function assertValid(issues: Issue[]): void {
  if (issues.length === 0) return;
  throw new AppError(
    "VALIDATION",
    `${issues.length} data value${issues.length === 1 ? " is" : "s are"} invalid; nothing was saved.`,
    issues,
  );
}
