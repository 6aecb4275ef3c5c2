import { useTranslations } from "next-intl";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { LocalTime } from "~/components/ui/local-time";

export type MemberListProps = {
  members: { id: string; userId: string; name: string; email: string; role: string; joinedAt: string }[];
  currentUserId: string;
};

export function MemberList({ members, currentUserId }: MemberListProps) {
  const t = useTranslations("organizations");
  if (members.length === 0) return <EmptyState title={t("noMembers")} />;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {members.map((member) => (
        <li key={member.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">
              {member.name}
              {member.userId === currentUserId ? <span className="font-normal text-slate-500">{t("you")}</span> : null}
            </p>
            <p className="truncate text-sm text-slate-600">{member.email}</p>
          </div>
          <div className="flex items-center gap-3 text-sm text-slate-500">
            <Badge tone={member.role === "owner" ? "brand" : "neutral"}>{member.role === "owner" ? t("owner") : t("member")}</Badge>
            <span>{t.rich("joined", { time: () => <LocalTime value={member.joinedAt} /> })}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
