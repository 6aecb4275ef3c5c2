"use client";

import type { DraftBackup } from "~/components/model-editor/draft-backup";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

export type RestoreDraftBannerProps = {
  offer: DraftBackup | undefined;
  /** The copy was made on an earlier version: someone saved since. */
  isStale: boolean;
  onRestore: () => void;
  onDismiss: () => void;
};

/**
 * Offers back the unsaved changes kept from an earlier visit (a crash, a closed tab), with when they were made; when
 * someone saved since, says so, and that fields changed on both sides will be put to the user rather than overwritten.
 */
export function RestoreDraftBanner({ offer, isStale, onRestore, onDismiss }: RestoreDraftBannerProps) {
  if (!offer) return null;
  const when = new Date(offer.savedAt).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  return (
    <div
      role="region"
      aria-label="Unsaved changes from an earlier visit"
      className={cn(
        "flex flex-col gap-2 rounded-md border px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between",
        isStale ? "border-amber-300 bg-amber-50 text-amber-950" : "border-sky-300 bg-sky-50 text-sky-950",
      )}
    >
      <div className="space-y-1">
        <p>Restore unsaved changes from {when}?</p>
        {isStale ? (
          <p>
            <strong className="font-semibold">This was changed and saved since.</strong> Restoring keeps what was saved meanwhile, and
            asks you to choose for each field changed on both sides.
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" onClick={onRestore}>
          Restore
        </Button>
        <Button size="sm" variant="secondary" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}
