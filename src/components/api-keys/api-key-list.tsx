import { useTranslations } from "next-intl";
import { RevokeApiKeyButton } from "~/components/api-keys/revoke-api-key-button";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { LocalTime } from "~/components/ui/local-time";
import type { TApiKeyScope } from "~/domain/roles";

export type ApiKeyListProps = {
  keys: {
    id: string;
    name: string | null;
    prefix: string | null;
    /** null for a key made before keys were scoped: it acts on all the user's organizations. */
    organization: { id: string; name: string } | null;
    scope: TApiKeyScope;
    createdAt: string;
    expiresAt: string | null;
    lastUsedAt: string | null;
    revokedAt: string | null;
  }[];
};

function statusOf(key: ApiKeyListProps["keys"][number], now: number, t: ReturnType<typeof useTranslations<"apiKeys">>) {
  if (key.revokedAt) return <Badge tone="danger">{t("revoked")}</Badge>;
  if (key.expiresAt && Date.parse(key.expiresAt) <= now) return <Badge tone="danger">{t("expired")}</Badge>;
  return <Badge tone="success">{t("active")}</Badge>;
}

/** The caller's keys, newest first. Never the token: only the first characters, enough to recognise a key. */
export function ApiKeyList({ keys }: ApiKeyListProps) {
  const t = useTranslations("apiKeys");
  // A server component, rendered per request: "now" is the time of this request, not a value React must keep stable.
  // eslint-disable-next-line react-hooks/purity -- see above
  const now = Date.now();
  if (keys.length === 0) {
    return <EmptyState title={t("none")}>{t("noneText")}</EmptyState>;
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {keys.map((key) => {
        const name = key.name ?? t("unnamed");
        return (
          <li key={key.id} aria-label={name} className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 space-y-2">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-medium break-all text-slate-900">{name}</h3>
                {statusOf(key, now, t)}
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-600 sm:grid-cols-[auto_1fr_auto_1fr]">
                <dt className="text-slate-500">{t("prefix")}</dt>
                <dd className="font-mono break-all">{key.prefix ? `${key.prefix}…` : "—"}</dd>
                <dt className="text-slate-500">{t("organization")}</dt>
                <dd className="break-all">{key.organization?.name ?? t("allOrganizations")}</dd>
                <dt className="text-slate-500">{t("scope")}</dt>
                <dd>{t(`scopes.${key.scope}`)}</dd>
                <dt className="text-slate-500">{t("expires")}</dt>
                <dd>{key.expiresAt ? <LocalTime value={key.expiresAt} /> : t("never")}</dd>
                <dt className="text-slate-500">{t("created")}</dt>
                <dd>
                  <LocalTime value={key.createdAt} />
                </dd>
                <dt className="text-slate-500">{t("lastUsed")}</dt>
                <dd>{key.lastUsedAt ? <LocalTime value={key.lastUsedAt} /> : t("never")}</dd>
                {key.revokedAt ? (
                  <>
                    <dt className="text-slate-500">{t("revokedAt")}</dt>
                    <dd>
                      <LocalTime value={key.revokedAt} />
                    </dd>
                  </>
                ) : null}
              </dl>
            </div>
            {key.revokedAt ? null : <RevokeApiKeyButton id={key.id} name={name} />}
          </li>
        );
      })}
    </ul>
  );
}
