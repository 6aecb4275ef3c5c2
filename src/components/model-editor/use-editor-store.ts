import { useState } from "react";
import { DraftStore, type EditorOwnerState } from "~/components/model-editor/draft-store";
import { createDraftValidator } from "~/components/model-editor/draft-validator";
import type { TemplateIndex } from "~/domain/template-index";

/** The editor's draft store for a model or an item, made once per page, checking drafts as the server will. */
export function useEditorStore(owner: EditorOwnerState, index: TemplateIndex): DraftStore {
  const [store] = useState(
    () =>
      new DraftStore(owner, {
        validate: createDraftValidator(index),
        repeaterOf: (sectionId) => index.sections.get(sectionId)?.repeaterId ?? null,
      }),
  );
  return store;
}
