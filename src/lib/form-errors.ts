import { TRPCClientError } from "@trpc/client";
import type { z } from "zod";
import type { AppRouter } from "~/server/trpc/_app";

/** What a form shows after a failed submit: a message per field, and one for the form as a whole. */
export type FormErrors<TField extends string> = { fields: Partial<Record<TField, string>>; form?: string };

export const NO_ERRORS = { fields: {} } as const;

/** The first message per field of a failed client-side check. */
export function formErrorsFromZod<TField extends string>(
  error: z.ZodError,
  fields: readonly TField[],
): FormErrors<TField> {
  const result: FormErrors<TField> = { fields: {} };
  for (const issue of error.issues) {
    const field = fields.find((name) => issue.path[0] === name);
    if (field) result.fields[field] ??= issue.message;
    else result.form ??= issue.message;
  }
  return result;
}

/**
 * Places a failed request's issues next to the form's fields: an issue at `$.email` goes to `email`; one that names
 * no field of the form becomes the form's message. An error without issues (say "No user x@y.z.") goes to
 * `messageField` when the form knows which field it is about, else to the form.
 */
export function formErrorsFromTrpc<TField extends string>(
  error: unknown,
  fields: readonly TField[],
  messageField?: TField,
): FormErrors<TField> {
  const result: FormErrors<TField> = { fields: {} };
  if (!(error instanceof TRPCClientError)) {
    result.form = "Could not reach the server. Check your connection and try again.";
    return result;
  }
  const issues = (error as TRPCClientError<AppRouter>).data?.issues ?? [];
  for (const issue of issues) {
    const field = fields.find((name) => issue.path === `$.${name}`);
    if (field) result.fields[field] ??= issue.message;
    else result.form ??= issue.message;
  }
  if (issues.length > 0) return result;
  if (messageField) result.fields[messageField] = error.message;
  else result.form = error.message;
  return result;
}

/** Moves focus to the first field with an error, so keyboard and screen reader users land on what to fix. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
}
