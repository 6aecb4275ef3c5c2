"use client";

import { useTranslations } from "next-intl";
import { Button } from "~/components/ui/button";

export type RowAction = "insertAbove" | "insertBelow" | "duplicate" | "delete" | "moveUp" | "moveDown";

/** Each action's button, named by its own key in the catalogues' `editorGrid` namespace. */
const ACTIONS: { action: RowAction; keys?: string }[] = [
  { action: "insertAbove" },
  { action: "insertBelow" },
  { action: "duplicate" },
  { action: "delete", keys: "Control+Shift+Delete" },
  { action: "moveUp", keys: "Alt+ArrowUp" },
  { action: "moveDown", keys: "Alt+ArrowDown" },
];

const ADDING: readonly RowAction[] = ["insertAbove", "insertBelow", "duplicate"];

export type GridRowActionsProps = {
  name: string;
  hasRows: boolean;
  /** The id of the note saying why no row can be added (the repeater is at its `maxRows`); undefined while rows can. */
  fullNoteId?: string;
  onAction: (action: RowAction) => void;
};

/** Buttons for the selected rows of the table, each also on a key of the grid (named in aria-keyshortcuts). */
export function GridRowActions({ name, hasRows, fullNoteId, onAction }: GridRowActionsProps) {
  const t = useTranslations("editorGrid");
  return (
    <div role="toolbar" aria-label={t("rowActions", { name })} className="flex flex-wrap gap-1">
      {ACTIONS.map(({ action, keys }) => {
        const isBlocked = fullNoteId !== undefined && ADDING.includes(action);
        return (
          <Button
            key={action}
            variant={action === "delete" ? "ghost" : "secondary"}
            size="sm"
            aria-keyshortcuts={keys}
            aria-describedby={isBlocked ? fullNoteId : undefined}
            disabled={isBlocked || (!hasRows && action !== "insertBelow")}
            className={action === "delete" ? "text-red-700 hover:bg-red-50" : undefined}
            // Keep focus in the grid, so the keyboard goes on where it was.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onAction(action)}
          >
            {t(action)}
          </Button>
        );
      })}
    </div>
  );
}
