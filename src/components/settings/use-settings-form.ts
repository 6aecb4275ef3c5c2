import { useRouter } from "next/navigation";
import { useState, type RefObject, type SubmitEvent } from "react";
import type { z } from "zod";
import type { FormErrors } from "~/lib/form-errors";
import { useFormErrors } from "~/lib/use-form-errors";

/**
 * What a settings form's own check of its fields answers: the input to save, the failed check of a shared schema
 * (worded per issue in the member's language), or errors the form words itself (a rule the schema cannot see).
 */
export type SettingsParse<TInput, TField extends string> =
  { success: true; data: TInput } | { success: false; error: z.ZodError } | { success: false; errors: FormErrors<TField> };

export type UseSettingsFormOptions<TInput, TField extends string> = {
  fields: readonly TField[];
  /** Reads and checks the submitted form; nothing is sent unless it succeeds. */
  parse: (data: FormData) => SettingsParse<TInput, TField>;
  /** Sends the checked input (a tRPC mutation); a refusal is shown at the fields its issues name. */
  save: (input: TInput) => Promise<unknown>;
};

/**
 * The one save cycle of every settings form (the organization's registry, languages and retention, a model's
 * registry settings): check the fields, show errors at them and focus the first, send, say "saved", refresh the
 * server-rendered page so it shows what was stored.
 */
export function useSettingsForm<TInput, TField extends string>({
  fields,
  parse,
  save,
}: UseSettingsFormOptions<TInput, TField>): SettingsFormState<TField> {
  const router = useRouter();
  const { formRef, errors, clear, show, showInvalid, showFailed } = useFormErrors(fields);
  const [isSaved, setIsSaved] = useState(false);
  const [isPending, setIsPending] = useState(false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSaved(false);
    const parsed = parse(new FormData(event.currentTarget));
    if (!parsed.success) return "error" in parsed ? showInvalid(parsed.error) : show(parsed.errors);
    clear();
    setIsPending(true);
    try {
      await save(parsed.data);
      setIsSaved(true);
      router.refresh();
    } catch (error) {
      showFailed(error);
    } finally {
      setIsPending(false);
    }
  }

  return { formRef, errors, isSaved, isPending, onSubmit };
}

/** What `SettingsForm` renders from: the hook's answer. */
export type SettingsFormState<TField extends string> = {
  formRef: RefObject<HTMLFormElement | null>;
  errors: FormErrors<TField>;
  isSaved: boolean;
  isPending: boolean;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => Promise<void>;
};
