import type { z } from "zod";
import { draftValueProblem, type ProblemText } from "~/components/field-inputs/value-problem";
import { DESCRIPTION_KEY, GTIN_KEY, NAME_KEY, parseValueKey } from "~/components/model-editor/draft-keys";
import type { DraftValue } from "~/components/model-editor/draft-store";
import { ZModelDescription, ZModelGtin, ZModelName } from "~/domain/model-schema";
import { findField, type TemplateIndex } from "~/domain/template-index";
import type { IssueText } from "~/lib/form-errors";

/**
 * Checks a draft with the same rules the server applies: the model schemas for name, description and GTIN, the
 * field's; worded in the member's language (`text`, the catalogues' `fieldInput`; `issueText`, useIssueText).
 */
export function createDraftValidator(index: TemplateIndex, text: ProblemText, issueText: IssueText) {
  const firstIssue = (result: z.ZodSafeParseResult<unknown>): string | undefined => {
    const issue = result.error?.issues[0];
    if (!issue) return undefined;
    const message = issueText(issue);
    return message.endsWith(".") ? message : `${message}.`;
  };
  return (key: string, value: DraftValue): string | undefined => {
    if (key === NAME_KEY) return firstIssue(ZModelName.safeParse(value ?? ""));
    if (key === DESCRIPTION_KEY) return firstIssue(ZModelDescription.safeParse(value ?? ""));
    if (key === GTIN_KEY) return firstIssue(ZModelGtin.safeParse(value ?? ""));
    const triple = parseValueKey(key);
    const field = triple && findField(index, triple.dataSectionId, triple.dataFieldId);
    return field ? draftValueProblem(field, value, text) : undefined;
  };
}
