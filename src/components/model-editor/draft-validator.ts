import { draftValueProblem } from "~/components/field-inputs/value-problem";
import { DESCRIPTION_KEY, GTIN_KEY, NAME_KEY, parseValueKey } from "~/components/model-editor/draft-keys";
import type { DraftValue } from "~/components/model-editor/draft-store";
import { ZModelDescription, ZModelGtin, ZModelName } from "~/domain/model-schema";
import { findField, type TemplateIndex } from "~/domain/template-index";

/** Checks a draft with the same rules the server applies: the model schemas for name, description and GTIN, the field's. */
export function createDraftValidator(index: TemplateIndex) {
  return (key: string, value: DraftValue): string | undefined => {
    if (key === NAME_KEY) return firstIssue(ZModelName.safeParse(value ?? ""));
    if (key === DESCRIPTION_KEY) return firstIssue(ZModelDescription.safeParse(value ?? ""));
    if (key === GTIN_KEY) return firstIssue(ZModelGtin.safeParse(value ?? ""));
    const triple = parseValueKey(key);
    const field = triple && findField(index, triple.dataSectionId, triple.dataFieldId);
    return field ? draftValueProblem(field, value) : undefined;
  };
}

function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  if (result.success) return undefined;
  const message = result.error?.issues[0]?.message ?? "Not valid";
  return message.endsWith(".") ? message : `${message}.`;
}
