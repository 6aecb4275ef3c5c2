import { useTranslations } from "next-intl";
import { useState } from "react";
import { DraftStore, type EditorOwnerState } from "~/components/model-editor/draft-store";
import { createDraftValidator } from "~/components/model-editor/draft-validator";
import type { TemplateIndex } from "~/domain/template-index";
import { useIssueText } from "~/lib/issue-text";

/** The editor's draft store for a model or an item, made once per page, checking drafts as the server will. */
export function useEditorStore(owner: EditorOwnerState, index: TemplateIndex): DraftStore {
  // The member's language is fixed for the page's life (a change of it reloads), so the store made once keeps it.
  const problemText = useTranslations("fieldInput");
  const issueText = useIssueText();
  const [store] = useState(
    () =>
      new DraftStore(owner, {
        validate: createDraftValidator(index, problemText, issueText),
        repeaterPathOf: (sectionId) => index.sections.get(sectionId)?.repeaterPath ?? [],
      }),
  );
  return store;
}
