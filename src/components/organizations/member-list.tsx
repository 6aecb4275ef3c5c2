import { useTranslations } from "next-intl";
import { MemberActions } from "~/components/organizations/member-actions";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { LocalTime } from "~/components/ui/local-time";
import type { TMember } from "~/domain/identity-schemas";
import type { TMemberRole } from "~/domain/roles";

export type MemberListProps = {
  organizationId: string;
  members: TMember[];
  currentUserId: string;
  /** The roles the signed-in member may give; empty for a member who does not manage members (no controls shown). */
  assignableRoles: readonly TMemberRole[];
  /** Whether the signed-in member may change owners (an owner). */
  managesOwners: boolean;
};

export function MemberList({ organizationId, members, currentUserId, assignableRoles, managesOwners }: MemberListProps) {
  const t = useTranslations("organizations");
  if (members.length === 0) return <EmptyState title={t("noMembers")} />;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {members.map((member) => (
        <li key={member.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">
              {member.name}
              {member.userId === currentUserId ? <span className="font-normal text-slate-500">{t("you")}</span> : null}
            </p>
            <p className="truncate text-sm text-slate-600">{member.email}</p>
          </div>
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-500">
            <Badge tone={member.role === "owner" ? "brand" : "neutral"}>{t(`role.${member.role}`)}</Badge>
            {member.suspendedAt ? <Badge tone="danger">{t("suspended")}</Badge> : null}
            <span>{t.rich("joined", { time: () => <LocalTime value={member.joinedAt} /> })}</span>
          </div>
          {assignableRoles.length > 0 && (member.role !== "owner" || managesOwners) ? (
            <MemberActions organizationId={organizationId} member={member} assignableRoles={assignableRoles} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
