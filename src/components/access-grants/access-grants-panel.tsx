"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { CreateAccessGrantForm } from "~/components/access-grants/create-access-grant-form";
import { GrantReads } from "~/components/access-grants/grant-reads";
import { RevokeAccessGrantButton } from "~/components/access-grants/revoke-access-grant-button";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { PanelSection } from "~/components/ui/panel-section";
import { LocalTime } from "~/components/ui/local-time";
import type { TAccessGrant } from "~/domain/passport-schema";
import { trpc } from "~/lib/trpc/react";

export type AccessGrantsPanelProps = {
  organizationId: string;
  modelId: string;
  modelPassportUuid: string | undefined;
  grants: TAccessGrant[];
  /** Whether the member may create and revoke grants (the page asks `mayDo`); everyone else sees the list. */
  mayManage: boolean;
};

function GrantStatus({ grant }: { grant: TAccessGrant }) {
  const t = useTranslations("accessGrants");
  if (grant.revokedAt) return <Badge tone="danger">{t("revoked")}</Badge>;
  if (!grant.isActive) return <Badge tone="danger">{t("expired")}</Badge>;
  return <Badge tone="success">{t("active")}</Badge>;
}

/**
 * The model's access grants (docs/security.md §Access grants): create one and copy its secret link, see each grant's
 * reads, revoke. The list starts from the server's and is read again after every change.
 */
export function AccessGrantsPanel({ organizationId, modelId, modelPassportUuid, grants: initial, mayManage }: AccessGrantsPanelProps) {
  const t = useTranslations("accessGrants");
  const utils = trpc.useUtils();
  const list = trpc.accessGrants.list.useQuery({ organizationId, modelId }, { initialData: initial });
  const [openReads, setOpenReads] = useState<string | null>(null);
  const refresh = () => void utils.accessGrants.list.invalidate({ organizationId, modelId });
  const grants = list.data;

  return (
    <PanelSection title={t("title")} description={t("description")}>
      {mayManage ? (
        <CreateAccessGrantForm
          organizationId={organizationId}
          modelId={modelId}
          modelPassportUuid={modelPassportUuid}
          onCreated={refresh}
        />
      ) : null}
      {grants.length === 0 ? (
        <p className="text-sm text-slate-600">{t("none")}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={t("listLabel")}>
          {grants.map((grant) => (
            <li key={grant.id} aria-label={grant.partyName} className="space-y-3 px-4 py-4">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 space-y-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-medium break-all text-slate-900">{grant.partyName}</h3>
                    <Badge tone="brand">{t(`level.${grant.level}`)}</Badge>
                    <GrantStatus grant={grant} />
                  </div>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-600 sm:grid-cols-[auto_1fr_auto_1fr]">
                    <dt className="text-slate-500">{t("passports")}</dt>
                    <dd>{grant.passportUuid ? t("thisPassport") : t("modelAndItems")}</dd>
                    <dt className="text-slate-500">{t("expires")}</dt>
                    <dd>
                      <LocalTime value={grant.expiresAt} />
                    </dd>
                    <dt className="text-slate-500">{t("reads")}</dt>
                    <dd>{grant.readCount}</dd>
                    <dt className="text-slate-500">{t("lastRead")}</dt>
                    <dd>{grant.lastReadAt ? <LocalTime value={grant.lastReadAt} /> : t("never")}</dd>
                  </dl>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-expanded={openReads === grant.id}
                    onClick={() => setOpenReads(openReads === grant.id ? null : grant.id)}
                  >
                    {t.rich(openReads === grant.id ? "hideReads" : "showReads", {
                      party: grant.partyName,
                      hidden: (chunks) => <span className="sr-only">{chunks}</span>,
                    })}
                  </Button>
                  {grant.revokedAt || !mayManage ? null : (
                    <RevokeAccessGrantButton
                      organizationId={organizationId}
                      modelId={modelId}
                      grantId={grant.id}
                      partyName={grant.partyName}
                      onRevoked={refresh}
                    />
                  )}
                </div>
              </div>
              {openReads === grant.id ? <GrantReads organizationId={organizationId} modelId={modelId} grantId={grant.id} /> : null}
            </li>
          ))}
        </ul>
      )}
    </PanelSection>
  );
}
