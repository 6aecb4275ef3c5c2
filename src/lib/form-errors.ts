import type { z } from "zod";
import { trpcErrorInfo } from "~/lib/trpc-error-info";

/** What a form shows after a failed submit: a message per field, and one for the form as a whole. */
export type FormErrors<TField extends string> = { fields: Partial<Record<TField, string>>; form?: string };

export const NO_ERRORS = { fields: {} } as const;

/** Words an issue of a client-side check in the member's language (useFormErrors gives one per locale). */
export type IssueText = (issue: z.core.$ZodIssue) => string;

/** The first message per field of a failed client-side check. */
export function formErrorsFromZod<TField extends string>(
  error: z.ZodError,
  fields: readonly TField[],
  issueText: IssueText = (issue) => issue.message,
): FormErrors<TField> {
  const result: FormErrors<TField> = { fields: {} };
  for (const issue of error.issues) {
    const field = fields.find((name) => issue.path[0] === name);
    if (field) result.fields[field] ??= issueText(issue);
    else result.form ??= issueText(issue);
  }
  return result;
}

/**
 * Places a failed request's issues next to the form's fields: an issue at `$.email` goes to `email`, and so does one
 * at `$.model.email` (a procedure that wraps the form's body, as `models.create` does); one that names no field of
 * the form becomes the form's message. An error without issues (say "No user x@y.z.") goes to `messageField` when
 * the form knows which field it is about, else to the form.
 */
export function formErrorsFromTrpc<TField extends string>(
  error: unknown,
  fields: readonly TField[],
  messageField?: TField,
): FormErrors<TField> {
  const { code, message, issues } = trpcErrorInfo(error);
  const result: FormErrors<TField> = { fields: {} };
  for (const issue of issues) {
    const name = /^\$(?:\.[A-Za-z_]\w*)?\.([A-Za-z_]\w*)$/.exec(issue.path)?.[1];
    const field = fields.find((candidate) => candidate === name);
    if (field) result.fields[field] ??= issue.message;
    else result.form ??= issue.message;
  }
  if (issues.length > 0) return result;
  // Without a code the server was not reached: that is about the connection, not about any field.
  if (messageField && code !== undefined) result.fields[messageField] = message;
  else result.form = message;
  return result;
}

/** Moves focus to the first field with an error, so keyboard and screen reader users land on what to fix. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
}
