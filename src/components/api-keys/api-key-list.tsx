import { RevokeApiKeyButton } from "~/components/api-keys/revoke-api-key-button";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { LocalTime } from "~/components/ui/local-time";

export type ApiKeyListProps = {
  keys: {
    id: string;
    name: string | null;
    prefix: string | null;
    createdAt: string;
    lastUsedAt: string | null;
    revokedAt: string | null;
  }[];
};

/** The caller's keys, newest first. Never the token: only the first characters, enough to recognise a key. */
export function ApiKeyList({ keys }: ApiKeyListProps) {
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
                {key.revokedAt ? <Badge tone="danger">Revoked</Badge> : <Badge tone="success">Active</Badge>}
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-600 sm:grid-cols-[auto_1fr_auto_1fr]">
                <dt className="text-slate-500">Prefix</dt>
                <dd className="font-mono break-all">{key.prefix ? `${key.prefix}…` : "—"}</dd>
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
