import { useTranslations } from "next-intl";
import { RevokeInvitationButton } from "~/components/organizations/revoke-invitation-button";
import { LocalTime } from "~/components/ui/local-time";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "~/server/trpc/_app";

type TInvitation = inferRouterOutputs<AppRouter>["invitations"]["list"][number];

export type PendingInvitationListProps = {
  organizationId: string;
  invitations: TInvitation[];
  /** Whether the member may revoke them (the page asks `mayDo` … "manageMembers"). */
  mayRevoke: boolean;
};

/** Open invitations of the organization: who was invited, by whom, until when; an owner or admin may revoke one. */
export function PendingInvitationList({ organizationId, invitations, mayRevoke }: PendingInvitationListProps) {
  const t = useTranslations("organizations");
  if (invitations.length === 0) return <p className="text-sm text-slate-600">{t("noPending")}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {invitations.map((invitation) => (
        <li
          key={invitation.id}
          aria-label={invitation.email}
          className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
        >
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">{invitation.email}</p>
            <p className="text-sm text-slate-600">
              {t.rich("invitedByExpires", {
                name: invitation.invitedBy.name,
                time: () => <LocalTime value={invitation.expiresAt} />,
              })}
            </p>
          </div>
          {mayRevoke ? (
            <RevokeInvitationButton organizationId={organizationId} invitationId={invitation.id} email={invitation.email} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
