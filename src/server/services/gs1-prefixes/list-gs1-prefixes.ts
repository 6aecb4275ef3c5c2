import type { Operator } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { type Gs1PrefixDto, gs1PrefixDto } from "~/server/services/gs1-prefixes/internal/gs1-prefix-dto";

export type ListGs1PrefixesOptions = { actor: Operator; organizationId?: string };

/** `cli gs1-prefix:list`: the verified GS1 company prefixes, of one organization or all, by prefix. */
export async function listGs1Prefixes({ organizationId }: ListGs1PrefixesOptions): Promise<Gs1PrefixDto[]> {
  const rows = await getDb().gs1CompanyPrefix.findMany({
    where: organizationId === undefined ? {} : { organizationId },
    orderBy: { prefix: "asc" },
  });
  return rows.map(gs1PrefixDto);
}
