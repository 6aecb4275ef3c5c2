import { authorName, type HistoryText } from "~/components/history/history-labels";
import type { Conflict } from "~/components/model-editor/conflicts";
import { parseValueKey, placeKey } from "~/components/model-editor/draft-keys";
import type { OwnerWrites } from "~/components/model-editor/owner-writes";

type RebaseKey = "rebasedReload" | "rebasedBackup" | "rebaseConflicts" | "rebaseEditsKept" | "rebaseKeptRows" | "rebaseDropped";
/** The notice's words, from the catalogues' `editor` namespace (the member's language, from useTranslations("editor")). */
export type RebaseText = (key: RebaseKey, values?: Record<string, string | number>) => string;

export type RebaseOutcome = {
  /** What is edited: a model or one of its items. */
  owner: "model" | "item";
  /** What happened: someone saved meanwhile (a stale save, reloaded), or a kept draft was made on an earlier version. */
  origin: "reload" | "backup";
  conflicts: number;
  /** Edits of values the owner no longer has. */
  droppedEdits: number;
  /** Rows this draft edited that were removed elsewhere, kept as new rows with the edits (`DraftStore.applyModel`). */
  keptRows: number;
  hasEdits: boolean;
};

/** What the save bar says after a draft was put on a newer saved state: what happened, and what is next. */
export function rebaseNotice(text: RebaseText, outcome: RebaseOutcome): string {
  const { owner, origin, conflicts, droppedEdits, keptRows, hasEdits } = outcome;
  const parts = [text(origin === "reload" ? "rebasedReload" : "rebasedBackup", { owner })];
  if (conflicts > 0) parts.push(text("rebaseConflicts", { count: conflicts }));
  else if (hasEdits) parts.push(text("rebaseEditsKept"));
  if (keptRows > 0) parts.push(text("rebaseKeptRows", { count: keptRows }));
  if (droppedEdits > 0) parts.push(text("rebaseDropped", { count: droppedEdits }));
  return parts.join(" ");
}

/** Adds who saved each conflicting value and when; the conflicts still show without them if the history fails. */
export async function withAuthors(owner: OwnerWrites, found: Conflict[], historyText: HistoryText): Promise<Conflict[]> {
  const keys = found.flatMap((c) => parseValueKey(c.key) ?? []);
  if (keys.length === 0) return found;
  try {
    const changes = await owner.latestChanges(keys);
    const byKey = new Map(changes.map((c) => [placeKey(c), c]));
    return found.map((c) => {
      const change = byKey.get(c.key);
      return change ? { ...c, changedBy: authorName(change.who, historyText), changedAt: change.at } : c;
    });
  } catch {
    return found;
  }
}
