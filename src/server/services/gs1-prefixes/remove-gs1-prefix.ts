import type { Operator } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { getDb } from "~/server/db/client";

export type RemoveGs1PrefixOptions = { actor: Operator; organizationId: string; prefix: string };

/**
 * `cli gs1-prefix:remove`: the organization's GTINs under the prefix stop resolving at once (the resolver reads the
 * table on every scan). 404 when the organization has no such prefix.
 */
export async function removeGs1Prefix({ organizationId, prefix }: RemoveGs1PrefixOptions): Promise<{ removed: string }> {
  const { count } = await getDb().gs1CompanyPrefix.deleteMany({ where: { prefix, organizationId } });
  if (count === 0) throw new AppError("NOT_FOUND", `Organization ${organizationId} has no verified GS1 company prefix ${prefix}.`);
  return { removed: prefix };
}
