import { RevokeApiKeyButton } from "~/components/api-keys/revoke-api-key-button";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { LocalTime } from "~/components/ui/local-time";

export type ApiKeyListProps = {
  keys: {
    id: string;
    name: string | null;
    prefix: string | null;
    /** null for a key made before keys were scoped: it acts on all the user's organizations. */
    organization: { id: string; name: string } | null;
    createdAt: string;
    expiresAt: string | null;
    lastUsedAt: string | null;
    revokedAt: string | null;
  }[];
};

function statusOf(key: ApiKeyListProps["keys"][number], now: number) {
  if (key.revokedAt) return <Badge tone="danger">Revoked</Badge>;
  if (key.expiresAt && Date.parse(key.expiresAt) <= now) return <Badge tone="danger">Expired</Badge>;
  return <Badge tone="success">Active</Badge>;
}

/** The caller's keys, newest first. Never the token: only the first characters, enough to recognise a key. */
export function ApiKeyList({ keys }: ApiKeyListProps) {
  // A server component, rendered per request: "now" is the time of this request, not a value React must keep stable.
  // eslint-disable-next-line react-hooks/purity -- see above
  const now = Date.now();
  if (keys.length === 0) {
    return <EmptyState title="No API keys yet">Create one above to call the REST API from a script or another system.</EmptyState>;
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {keys.map((key) => {
        const name = key.name ?? "Unnamed key";
        return (
          <li key={key.id} aria-label={name} className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 space-y-2">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-medium break-all text-slate-900">{name}</h3>
                {statusOf(key, now)}
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-600 sm:grid-cols-[auto_1fr_auto_1fr]">
                <dt className="text-slate-500">Prefix</dt>
                <dd className="font-mono break-all">{key.prefix ? `${key.prefix}…` : "—"}</dd>
                <dt className="text-slate-500">Organization</dt>
                <dd className="break-all">{key.organization?.name ?? "All your organizations (older key)"}</dd>
                <dt className="text-slate-500">Expires</dt>
                <dd>{key.expiresAt ? <LocalTime value={key.expiresAt} /> : "Never"}</dd>
                <dt className="text-slate-500">Created</dt>
                <dd>
                  <LocalTime value={key.createdAt} />
                </dd>
                <dt className="text-slate-500">Last used</dt>
                <dd>{key.lastUsedAt ? <LocalTime value={key.lastUsedAt} /> : "Never"}</dd>
                {key.revokedAt ? (
                  <>
                    <dt className="text-slate-500">Revoked</dt>
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
