"use client";

import { ConflictPanel, type ConflictPanelProps } from "~/components/model-editor/conflict-panel";
import { RestoreDraftBanner, type RestoreDraftBannerProps } from "~/components/model-editor/restore-draft-banner";

export type EditorNoticesProps = RestoreDraftBannerProps & ConflictPanelProps;

/** What the editor asks of the user above the fields: unsaved changes from an earlier visit, and conflicts to decide. */
export function EditorNotices({ offer, isStale, onRestore, onDismiss, conflicts, onChoose }: EditorNoticesProps) {
  return (
    <>
      <RestoreDraftBanner offer={offer} isStale={isStale} onRestore={onRestore} onDismiss={onDismiss} />
      <ConflictPanel conflicts={conflicts} onChoose={onChoose} />
    </>
  );
}
