import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { z } from "zod";
import { useIssueText } from "~/lib/issue-text";
import { focusFirstInvalid, formErrorsFromTrpc, formErrorsFromZod, NO_ERRORS, type FormErrors } from "~/lib/form-errors";

/**
 * The error state of a form with the given fields. Pass `formRef` to the <form>; every `show…` renders the errors
 * at once and moves focus to the first field with one, so keyboard and screen reader users land on what to fix.
 */
export function useFormErrors<TField extends string>(fields: readonly TField[]) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FormErrors<TField>>(NO_ERRORS);
  const issueText = useIssueText();

  const show = (next: FormErrors<TField>) => {
    // Synchronously, so the invalid fields exist in the DOM when focus moves.
    flushSync(() => setErrors(next));
    focusFirstInvalid(formRef.current);
  };

  return {
    formRef,
    errors,
    show,
    clear: () => setErrors(NO_ERRORS),
    /** A failed check of the form's values against the shared schema. */
    showInvalid: (error: z.ZodError) => show(formErrorsFromZod(error, fields, issueText)),
    /** A failed tRPC request; `formErrorsFromTrpc` says where its issues and message go. */
    showFailed: (error: unknown, messageField?: TField) => show(formErrorsFromTrpc(error, fields, messageField)),
  };
}
