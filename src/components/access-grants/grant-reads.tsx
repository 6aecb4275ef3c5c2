"use client";

import { useTranslations } from "next-intl";
import { LocalTime } from "~/components/ui/local-time";
import { trpc } from "~/lib/trpc/react";
import { trpcErrorInfo } from "~/lib/trpc-error-info";

export type GrantReadsProps = { organizationId: string; modelId: string; grantId: string };

/** The latest reads of passports through one grant, newest first. */
export function GrantReads({ organizationId, modelId, grantId }: GrantReadsProps) {
  const t = useTranslations("accessGrants");
  const reads = trpc.accessGrants.reads.useQuery({ organizationId, modelId, grantId });
  if (reads.isPending) return <p className="text-sm text-slate-600">{t("loadingReads")}</p>;
  if (reads.isError) return <p className="text-sm text-red-700">{trpcErrorInfo(reads.error).message}</p>;
  if (reads.data.length === 0) return <p className="text-sm text-slate-600">{t("notRead")}</p>;
  return (
    <ol className="space-y-1 rounded-md bg-slate-50 p-3 text-sm text-slate-700" aria-label={t("readsLabel")}>
      {reads.data.map((read, i) => (
        <li key={`${read.readAt}-${i}`} className="flex flex-col sm:flex-row sm:gap-3">
          <LocalTime value={read.readAt} />
          {read.passportName === null ? (
            <span className="text-slate-600">
              {t.rich("deletedPassport", {
                uuid: read.passportUuid,
                id: (chunks) => <span className="font-mono text-xs break-all">{chunks}</span>,
              })}
            </span>
          ) : (
            <span className="break-words" title={read.passportUuid}>
              {read.passportName}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
