"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Button } from "~/components/ui/button";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { Select } from "~/components/ui/select";
import { MEMBER_ROLES, type TMemberRole } from "~/domain/roles";
import { trpc } from "~/lib/trpc/react";
import { trpcErrorInfo } from "~/lib/trpc-error-info";

export type MemberActionsProps = {
  organizationId: string;
  member: { userId: string; name: string; role: TMemberRole; suspendedAt: string | null };
  /** The roles the signed-in owner or admin may give (none above their own); the server decides again. */
  assignableRoles: readonly TMemberRole[];
};

/**
 * An owner's or admin's controls on one member: the role, suspension (or reinstatement of a suspended member) and
 * removal, each refused by the server as it rules.
 */
export function MemberActions({ organizationId, member, assignableRoles }: MemberActionsProps) {
  const t = useTranslations("organizations");
  const router = useRouter();
  const onSuccess = () => router.refresh();
  const changeRole = trpc.organizations.members.changeRole.useMutation({ onSuccess });
  const suspend = trpc.organizations.members.suspend.useMutation({ onSuccess });
  const reinstate = trpc.organizations.members.reinstate.useMutation({ onSuccess });
  const remove = trpc.organizations.members.remove.useMutation({ onSuccess });
  const target = { organizationId, userId: member.userId };
  const roles = MEMBER_ROLES.filter((role) => role === member.role || assignableRoles.includes(role));
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="sr-only" htmlFor={`role-${member.userId}`}>
        {t("roleOf", { name: member.name })}
      </label>
      <Select
        id={`role-${member.userId}`}
        value={member.role}
        disabled={changeRole.isPending || !assignableRoles.includes(member.role)}
        onChange={(event) => changeRole.mutate({ ...target, role: event.target.value as TMemberRole })}
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {t(`role.${role}`)}
          </option>
        ))}
      </Select>
      {member.suspendedAt ? (
        <Button variant="secondary" size="sm" disabled={reinstate.isPending} onClick={() => reinstate.mutate(target)}>
          {t.rich("reinstate", { name: member.name, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
        </Button>
      ) : (
        <ConfirmButton
          label={t.rich("suspend", { name: member.name, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
          title={t("suspendTitle", { name: member.name })}
          confirmLabel={t("suspendConfirm")}
          onConfirm={() => suspend.mutateAsync(target)}
          isPending={suspend.isPending}
          error={suspend.error ? trpcErrorInfo(suspend.error).message : undefined}
          onReset={() => suspend.reset()}
        >
          {t("suspendText")}
        </ConfirmButton>
      )}
      <ConfirmButton
        label={t.rich("remove", { name: member.name, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
        title={t("removeTitle", { name: member.name })}
        confirmLabel={t("removeConfirm")}
        onConfirm={() => remove.mutateAsync(target)}
        isPending={remove.isPending}
        error={remove.error ? trpcErrorInfo(remove.error).message : undefined}
        onReset={() => remove.reset()}
      >
        {t("removeText")}
      </ConfirmButton>
      {(changeRole.error ?? reinstate.error) ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {trpcErrorInfo(changeRole.error ?? reinstate.error).message}
        </p>
      ) : null}
    </div>
  );
}
