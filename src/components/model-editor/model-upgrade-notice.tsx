"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useEditor, useEditsSummary } from "~/components/model-editor/editor-context";
import { isClearedInDraft, UpgradeLostValues } from "~/components/model-editor/upgrade-lost-values";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { TTemplateVersion } from "~/domain/template-upgrade";
import type { TSection } from "~/domain/template-schema";
import { trpcErrorInfo } from "~/lib/trpc-error-info";
import { trpc } from "~/lib/trpc/react";

export type ModelUpgradeNoticeProps = {
  organizationId: string;
  modelId: string;
  current: TTemplateVersion;
  newer: TTemplateVersion;
  /** The model's current template, to name the fields of values that would be lost. */
  sections: readonly TSection[];
};

/**
 * "A newer version of its template exists", with an Upgrade action: the dialog previews the values the upgrade would
 * lose (the server refuses it with 409 while any would be), lets the member clear each of the model's in the draft
 * (`UpgradeLostValues`), and the page reloads onto the new version after it.
 *
 * It sits inside the editor, which knows the model's version as of its last save (sent as If-Match, so a save on
 * this page does not make the upgrade stale) and its unsaved changes: the dialog names them, and Upgrade saves them
 * first (nothing is upgraded when that save fails), so no change is left behind in the browser.
 */
export function ModelUpgradeNotice({ organizationId, modelId, current, newer, sections }: ModelUpgradeNoticeProps) {
  const router = useRouter();
  const t = useTranslations("editor");
  const { store, saveDraft, languagesOf } = useEditor();
  useEditsSummary();
  const unsaved = store.editCount;
  const [isOpen, setIsOpen] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | undefined>(undefined);
  const preview = trpc.modelUpgrades.preview.useQuery(
    { organizationId, modelId, templateId: newer.id },
    { enabled: isOpen, staleTime: 0 },
  );
  const upgrade = trpc.modelUpgrades.upgrade.useMutation({
    onSuccess: () => {
      setIsOpen(false);
      router.refresh();
    },
  });
  const fieldName = (sectionId: string, fieldId: string) => {
    const section = sections.find((s) => s.id === sectionId);
    const field = section?.dataFields.find((f) => f.id === fieldId);
    return field && section ? t("lostField", { section: section.name, field: field.name }) : fieldId;
  };
  const lost = preview.data?.lostValues ?? [];
  // The draft's clearing counts: "Save and upgrade" saves it before the upgrade, which the server then allows.
  const canUpgrade =
    preview.data !== undefined &&
    (preview.data.canUpgrade ||
      (preview.data.moreLostValues === 0 && lost.every((value) => isClearedInDraft(store, languagesOf, value))));
  const onConfirm = async () => {
    setSaveError(undefined);
    if (store.editCount > 0) {
      setIsSaving(true);
      const isSaved = await saveDraft();
      setIsSaving(false);
      if (!isSaved || store.editCount > 0) {
        setSaveError(t("upgradeSaveFailed"));
        return;
      }
    }
    // The version of the last save, read now: a save made on this page (just above, or earlier) is not stale.
    upgrade.mutate({ organizationId, modelId, templateId: newer.id, ifMatch: store.version });
  };
  const error = saveError
    ? saveError
    : upgrade.error
      ? trpcErrorInfo(upgrade.error).message
      : preview.error
        ? trpcErrorInfo(preview.error).message
        : undefined;

  return (
    <>
      <Alert tone="info" className="flex flex-wrap items-center justify-between gap-3">
        <span>
          {t.rich("upgradeNewer", {
            newer: newer.version,
            current: current.version,
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </span>
        <Button variant="secondary" size="sm" onClick={() => setIsOpen(true)}>
          {t("upgradeOpen")}
        </Button>
      </Alert>
      <ConfirmDialog
        isOpen={isOpen}
        title={t("upgradeTitle", { version: newer.version })}
        confirmLabel={unsaved > 0 ? t("saveAndUpgrade") : t("upgrade")}
        isPending={isSaving || upgrade.isPending}
        canConfirm={canUpgrade}
        error={error}
        onConfirm={() => void onConfirm()}
        onCancel={() => setIsOpen(false)}
      >
        {unsaved > 0 ? (
          <p data-testid="upgrade-unsaved" className="mb-2 font-medium">
            {t("upgradeUnsaved", { count: unsaved, version: newer.version })}
          </p>
        ) : null}
        {preview.isPending ? (
          <p>{t("upgradeChecking")}</p>
        ) : lost.length === 0 ? (
          <p data-testid="upgrade-preview">{t("upgradeKeepsAll", { version: newer.version })}</p>
        ) : (
          <>
            <UpgradeLostValues lost={lost} fieldName={fieldName} />
            {preview.data && preview.data.moreLostValues > 0 ? (
              <p>{t("upgradeMore", { count: preview.data.moreLostValues })}</p>
            ) : null}
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
