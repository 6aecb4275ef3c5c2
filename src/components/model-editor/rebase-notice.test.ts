import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { rebaseNotice, type RebaseOutcome } from "~/components/model-editor/rebase-notice";
import de from "../../../messages/de.json";
import en from "../../../messages/en.json";

const english = createTranslator({ locale: "en", messages: en, namespace: "editor" });
const german = createTranslator({ locale: "de", messages: de, namespace: "editor" });
const quiet: RebaseOutcome = { owner: "model", origin: "reload", conflicts: 0, droppedEdits: 0, keptRows: 0, hasEdits: false };

describe("the save bar's notice after a draft is put on a newer saved state", () => {
  it("says what happened, then what is next", () => {
    expect(rebaseNotice(english, quiet)).toBe("Someone else saved this model meanwhile; their changes are shown.");
    expect(rebaseNotice(english, { ...quiet, owner: "item", origin: "backup", hasEdits: true })).toBe(
      "These changes were made on an earlier version of this item; what was saved since is shown. " +
        "Your edits are kept on top; review them and save.",
    );
    expect(rebaseNotice(english, { ...quiet, conflicts: 2, hasEdits: true, keptRows: 1, droppedEdits: 3 })).toBe(
      "Someone else saved this model meanwhile; their changes are shown. Choose a value for the 2 fields you both changed, " +
        "then save. A row you edited was removed elsewhere; it is kept here as new, with your edits: save to add it back, " +
        "or remove it. 3 edits were in rows removed elsewhere and dropped.",
    );
  });

  it("speaks the member's language", () => {
    expect(rebaseNotice(german, { ...quiet, owner: "item", conflicts: 1 })).toBe(
      "Jemand anderes hat diesen Artikel inzwischen gespeichert; die Änderungen werden angezeigt. " +
        "Wählen Sie einen Wert für das Feld, das Sie beide geändert haben, und speichern Sie dann.",
    );
  });
});
