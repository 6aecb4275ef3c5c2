"use client";

import { useTranslations } from "next-intl";
import { GrantPartnerForm } from "~/components/partners/grant-partner-form";
import { Badge } from "~/components/ui/badge";
import { PanelSection } from "~/components/ui/panel-section";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { LocalTime } from "~/components/ui/local-time";
import type { TPartnerGrant } from "~/domain/partner-grant";
import { trpc } from "~/lib/trpc/react";
import { trpcErrorInfo } from "~/lib/trpc-error-info";

export type PartnerGrantsPanelProps = {
  organizationId: string;
  modelId: string;
  sections: { id: string; name: string }[];
  grants: TPartnerGrant[];
  /** Whether the member may grant and end grants (an admin or owner); everyone else sees the list only. */
  mayGrant: boolean;
};

/**
 * The model's partner organizations (docs/partners.md): grant one chosen sections, see who writes which, end a grant.
 * The list starts from the server's and is read again after every change.
 */
export function PartnerGrantsPanel({ organizationId, modelId, sections, grants: initial, mayGrant }: PartnerGrantsPanelProps) {
  const t = useTranslations("partners");
  const utils = trpc.useUtils();
  const list = trpc.partnerGrants.list.useQuery({ organizationId, modelId }, { initialData: initial });
  const refresh = () => void utils.partnerGrants.list.invalidate({ organizationId, modelId });

  return (
    <PanelSection title={t("title")} description={t("description")}>
      {mayGrant ? (
        <GrantPartnerForm organizationId={organizationId} modelId={modelId} sections={sections} onGranted={refresh} />
      ) : null}
      {list.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t("none")}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={t("listLabel")}>
          {list.data.map((grant) => (
            <PartnerGrantRow key={grant.id} organizationId={organizationId} grant={grant} mayEnd={mayGrant} onEnded={refresh} />
          ))}
        </ul>
      )}
    </PanelSection>
  );
}

type PartnerGrantRowProps = { organizationId: string; grant: TPartnerGrant; mayEnd: boolean; onEnded: () => void };

function PartnerGrantRow({ organizationId, grant, mayEnd, onEnded }: PartnerGrantRowProps) {
  const t = useTranslations("partners");
  const end = trpc.partnerGrants.end.useMutation({ onSuccess: onEnded });
  const partner = grant.partnerOrganizationName ?? t("formerOrganization");
  return (
    <li aria-label={partner} className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium break-all text-slate-900">{partner}</h3>
          {grant.isActive ? <Badge tone="success">{t("active")}</Badge> : <Badge tone="danger">{t("ended")}</Badge>}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-600">
          <dt className="text-slate-500">{t("sectionsGranted")}</dt>
          <dd>{grant.sections.map((section) => section.name ?? t("removedSection")).join(", ")}</dd>
          <dt className="text-slate-500">{t("since")}</dt>
          <dd>
            <LocalTime value={grant.createdAt} />
          </dd>
          {grant.endedAt ? (
            <>
              <dt className="text-slate-500">{t("endedAt")}</dt>
              <dd>
                <LocalTime value={grant.endedAt} />
              </dd>
            </>
          ) : null}
        </dl>
      </div>
      {grant.isActive && mayEnd ? (
        <ConfirmButton
          label={t.rich("end", { partner, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
          title={t("endTitle")}
          confirmLabel={t("endConfirm")}
          onConfirm={() => end.mutateAsync({ organizationId, modelId: grant.modelId, grantId: grant.id })}
          isPending={end.isPending}
          error={end.error ? trpcErrorInfo(end.error).message : undefined}
          onReset={end.reset}
        >
          {t("endText", { partner })}
        </ConfirmButton>
      ) : null}
    </li>
  );
}
