import type { TModelListEntry, TModelListQuery } from "~/domain/model-schema";
import type { Prisma } from "~/generated/prisma/client";
import type { Actor } from "~/domain/actor";
import { getConfig } from "~/server/config";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import { afterCursor, decodeCursor, encodeCursor, pageSize } from "~/server/services/internal/page-cursor";
import { readLanguageSettings } from "~/server/services/internal/organization-languages";
import { modelCompleteness } from "~/server/services/models/internal/model-completeness";
import { modelSelect, toModelSummaryDto } from "~/server/services/models/internal/model-dto";

export type ListModelsOptions = { actor: Actor; organizationId: string; query: TModelListQuery };
export type ModelPage = { items: TModelListEntry[]; nextCursor: string | null };

/**
 * Models of an organization, newest first, by cursor: the cursor names the last model of the previous page
 * (creation time and id), so pages stay stable while models are added. Each model comes with its completeness,
 * counted for the whole page in one statement.
 */
export async function listModels({ actor, organizationId, query }: ListModelsOptions): Promise<ModelPage> {
  assertMemberOf(actor, organizationId);
  const config = getConfig();
  const limit = pageSize(query.limit, config);
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const where: Prisma.ModelWhereInput = {
    organizationId,
    // LIKE would read % and _ in the search as wildcards; a user searching "10%" means the characters.
    ...(query.search ? { name: { contains: query.search.replace(/[\\%_]/g, "\\$&"), mode: "insensitive" } } : {}),
    ...afterCursor(after),
  };
  const rows = await getDb().model.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: modelSelect,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const { publishedLanguages } = await readLanguageSettings(getDb(), organizationId);
  const completeness = await modelCompleteness(getDb(), page, publishedLanguages);
  return {
    items: page.map((row) => ({ ...toModelSummaryDto(row), completeness: completeness.get(row.id) ?? { filled: 0, required: 0 } })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
