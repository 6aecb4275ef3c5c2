import { authorName } from "~/components/history/history-labels";
import type { Conflict } from "~/components/model-editor/conflicts";
import { parseValueKey, placeKey } from "~/components/model-editor/draft-keys";
import type { OwnerWrites } from "~/components/model-editor/owner-writes";

export type RebaseOutcome = {
  /** What happened, first: "Someone else saved this model meanwhile; …". */
  lead: string;
  conflicts: number;
  /** Edits of values the owner no longer has. */
  droppedEdits: number;
  /** Rows this draft edited that were removed elsewhere, kept as new rows with the edits (`DraftStore.applyModel`). */
  keptRows: number;
  hasEdits: boolean;
};

/** What the save bar says after a draft was put on a newer saved state: what happened, and what is next. */
export function rebaseNotice({ lead, conflicts, droppedEdits, keptRows, hasEdits }: RebaseOutcome): string {
  const next =
    conflicts > 0
      ? ` Choose a value for the ${conflicts === 1 ? "field" : `${conflicts} fields`} you both changed, then save.`
      : hasEdits
        ? " Your edits are kept on top; review them and save."
        : "";
  const one = keptRows === 1;
  const kept =
    keptRows > 0
      ? ` ${one ? "A row you edited was" : `${keptRows} rows you edited were`} removed elsewhere; ${one ? "it is" : "they are"} ` +
        `kept here as new, with your edits: save to add ${one ? "it" : "them"} back, or remove ${one ? "it" : "them"}.`
      : "";
  const dropped =
    droppedEdits > 0 ? ` ${droppedEdits} edit${droppedEdits === 1 ? " was" : "s were"} in rows removed elsewhere and dropped.` : "";
  return `${lead}${next}${kept}${dropped}`;
}

/** Adds who saved each conflicting value and when; the conflicts still show without them if the history fails. */
export async function withAuthors(owner: OwnerWrites, found: Conflict[]): Promise<Conflict[]> {
  const keys = found.flatMap((c) => parseValueKey(c.key) ?? []);
  if (keys.length === 0) return found;
  try {
    const changes = await owner.latestChanges(keys);
    const byKey = new Map(changes.map((c) => [placeKey(c), c]));
    return found.map((c) => {
      const change = byKey.get(c.key);
      return change ? { ...c, changedBy: authorName(change.who), changedAt: change.at } : c;
    });
  } catch {
    return found;
  }
}
