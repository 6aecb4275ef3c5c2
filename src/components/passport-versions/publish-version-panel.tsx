"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardBody } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useEditorSlot } from "~/components/model-editor/editor-scope";
import { LocalTime } from "~/components/ui/local-time";
import type { TVersionSummary } from "~/domain/versions/passport-credential";
import { trpcErrorInfo } from "~/lib/trpc-error-info";
import { trpc } from "~/lib/trpc/react";

export type PublishVersionPanelProps = {
  organizationId: string;
  modelId: string;
  /** Absent for the model's own passport. */
  itemId?: string;
  /** The passport's identifier uuid: its page and versions are at /p/{uuid}. */
  passportUuid: string;
  /** The published versions, oldest first. */
  versions: TVersionSummary[];
  /** Whether the member may publish (the page asks `mayDo`); otherwise the versions are listed without the button. */
  mayPublish: boolean;
};

/**
 * "Publish version" (docs/versions.md): freezes the saved passport as version n, hashed, chained and signed. Readers
 * then see that version; what is edited here afterwards is a draft until the next publication. Lists the versions,
 * each opening its page. With unsaved edits in the page's editor it asks first — "Save and publish" or Cancel — since
 * publishing the saved state without them would freeze a version that lacks what the member sees on screen.
 */
export function PublishVersionPanel({
  organizationId,
  modelId,
  itemId,
  passportUuid,
  versions,
  mayPublish,
}: PublishVersionPanelProps) {
  const t = useTranslations("passportVersions");
  const client = trpc.useUtils().client;
  const router = useRouter();
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [published, setPublished] = useState<{ version: number; hash: string } | undefined>();
  const [unsavedToSave, setUnsavedToSave] = useState(0);
  const editorSlot = useEditorSlot();
  const latest = versions.at(-1);
  const nextVersion = (latest?.version ?? 0) + 1;

  const onPublish = () => {
    const unsaved = editorSlot?.get()?.store.editCount ?? 0;
    if (unsaved > 0) setUnsavedToSave(unsaved);
    else void publish();
  };

  /** "Save and publish": the editor's own Save first (its save bar says why when it fails), then the publication. */
  const saveAndPublish = async () => {
    const editor = editorSlot?.get();
    setIsPending(true);
    setError(undefined);
    const isSaved = editor ? (await editor.saveDraft()) && editor.store.editCount === 0 : true;
    if (!isSaved) {
      setIsPending(false);
      setError(t("saveFailed"));
      return;
    }
    setUnsavedToSave(0);
    await publish();
  };

  const publish = async () => {
    setIsPending(true);
    setError(undefined);
    try {
      const result = itemId
        ? await client.passportVersions.publishItem.mutate({ organizationId, modelId, itemId })
        : await client.passportVersions.publishModel.mutate({ organizationId, modelId });
      setPublished({ version: result.version, hash: result.hash });
      router.refresh();
    } catch (caught) {
      setError(trpcErrorInfo(caught).message);
    } finally {
      setIsPending(false);
    }
  };

  return (
    <Card role="region" aria-labelledby="publish-version-heading">
      <CardBody className="space-y-3">
        <h2 id="publish-version-heading" className="text-base font-semibold text-slate-900">
          {t("heading")}
        </h2>
        <p className="text-sm text-slate-600">{latest ? t("readersSee", { version: latest.version }) : t("notPublished")}</p>
        {mayPublish ? (
          <div>
            <Button onClick={onPublish} disabled={isPending}>
              {isPending ? t("publishing") : t("publish")}
            </Button>
          </div>
        ) : null}
        {published && (
          <p role="status" className="text-sm text-emerald-700">
            {t.rich("published", {
              version: published.version,
              hash: published.hash,
              mono: (chunks) => <span className="font-mono break-all">{chunks}</span>,
            })}
          </p>
        )}
        {error && unsavedToSave === 0 && <Alert tone="error">{error}</Alert>}
        {versions.length > 0 && (
          <ol className="space-y-1 text-sm" aria-label={t("list")}>
            {[...versions].reverse().map((v) => (
              <li key={v.version} className="flex flex-wrap gap-x-3">
                <a className="font-medium text-sky-700 underline" href={`/p/${passportUuid}?version=${v.version}`}>
                  {t("version", { version: v.version })}
                </a>
                <LocalTime value={v.publishedAt} />
                <span className="font-mono text-xs break-all text-slate-500">{v.hash.slice(0, 16)}…</span>
                {/* The signed credential as the public version route serves it (docs/versions.md): the compact JWS
                    anyone can verify against the organization's published keys, kept as a file. */}
                <a
                  className="text-sky-700 underline"
                  href={`/p/${passportUuid}/versions/${v.version}.jwt`}
                  download={`passport-${passportUuid}-v${v.version}.jwt`}
                  aria-label={t("downloadCredentialOf", { version: v.version })}
                >
                  {t("downloadCredential")}
                </a>
              </li>
            ))}
          </ol>
        )}
      </CardBody>
      <ConfirmDialog
        isOpen={unsavedToSave > 0}
        title={t("unsavedTitle")}
        confirmLabel={t("saveAndPublish")}
        isPending={isPending}
        error={error}
        onConfirm={() => void saveAndPublish()}
        onCancel={() => {
          setUnsavedToSave(0);
          setError(undefined);
        }}
      >
        {t("unsavedText", { count: unsavedToSave, version: nextVersion })}
      </ConfirmDialog>
    </Card>
  );
}
