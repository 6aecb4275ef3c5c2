"use client";

import { useTranslations } from "next-intl";
import { useRef } from "react";
import { useEditorSlot } from "~/components/model-editor/editor-scope";
import { SettingsForm } from "~/components/settings/settings-form";
import { useSettingsForm } from "~/components/settings/use-settings-form";
import { PanelSection } from "~/components/ui/panel-section";
import { ZModelUpdateRequest } from "~/domain/model-schema";
import { trpc } from "~/lib/trpc/react";

const FIELDS = ["publishOnStatusChange"] as const;
const HINT_ID = "publish-on-status-change-hint";

export type ModelPublishingFormProps = {
  organizationId: string;
  modelId: string;
  /** The model's version as the page loaded it; the page's editor knows a later one after its own saves. */
  version: number;
  publishOnStatusChange: boolean;
  /** A viewer sees the setting, not a form (the page asks `mayDo`). */
  isReadOnly: boolean;
};

/**
 * The model's setting `publishOnStatusChange` (docs/readings.md §Status snapshots): a change of an item's status
 * publishes the item's next version, whoever writes it. Saved through the model's own write, with the version the
 * page's editor holds (its Save moves the version on), and the answer handed back to the editor, so its next Save
 * is not refused as stale because of this one.
 */
export function ModelPublishingForm({
  organizationId,
  modelId,
  version,
  publishOnStatusChange,
  isReadOnly,
}: ModelPublishingFormProps) {
  const t = useTranslations("modelPublishing");
  const update = trpc.models.update.useMutation();
  const editorSlot = useEditorSlot();
  // The version of this form's own last save, when the page has no editor to ask.
  const savedVersion = useRef(version);
  const form = useSettingsForm({
    fields: FIELDS,
    parse: (data) => ZModelUpdateRequest.safeParse({ publishOnStatusChange: data.get("publishOnStatusChange") === "on" }),
    save: async (patch) => {
      const editor = editorSlot?.get();
      const ifMatch = editor?.store.version ?? savedVersion.current;
      const answer = await update.mutateAsync({ organizationId, modelId, ifMatch, patch });
      savedVersion.current = answer.version;
      editor?.store.applyModel(answer);
    },
  });
  const checkbox = (
    <label className="flex min-h-8 items-start gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        name="publishOnStatusChange"
        defaultChecked={publishOnStatusChange}
        disabled={isReadOnly}
        aria-describedby={HINT_ID}
        className="mt-0.5 size-4 shrink-0 rounded border-slate-300"
      />
      <span>{t("label")}</span>
    </label>
  );
  return (
    <PanelSection title={t("heading")} description={<span id={HINT_ID}>{isReadOnly ? t("readOnlyHint") : t("hint")}</span>}>
      {isReadOnly ? (
        checkbox
      ) : (
        <SettingsForm {...form} saveLabel={t("save")} savedText={t("saved")}>
          {checkbox}
        </SettingsForm>
      )}
    </PanelSection>
  );
}
