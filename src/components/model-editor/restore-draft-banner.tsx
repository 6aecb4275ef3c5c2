"use client";

import { useLocale, useTimeZone, useTranslations } from "next-intl";
import type { DraftBackup } from "~/components/model-editor/draft-backup";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/i18n/format";
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
  const t = useTranslations("editor");
  const locale = useLocale();
  const timeZone = useTimeZone();
  if (!offer) return null;
  const when = formatDateTime(offer.savedAt, locale, timeZone);
  return (
    <div
      role="region"
      aria-label={t("restoreRegion")}
      className={cn(
        "flex flex-col gap-2 rounded-md border px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between",
        isStale ? "border-amber-300 bg-amber-50 text-amber-950" : "border-sky-300 bg-sky-50 text-sky-950",
      )}
    >
      <div className="space-y-1">
        <p>{t("restoreQuestion", { when })}</p>
        {isStale ? <p>{t.rich("restoreStale", { strong: (chunks) => <strong className="font-semibold">{chunks}</strong> })}</p> : null}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" onClick={onRestore}>
          {t("restore")}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDismiss}>
          {t("dismiss")}
        </Button>
      </div>
    </div>
  );
}
