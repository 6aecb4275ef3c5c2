import type { TemplateDraftDocument, TPublication, TTemplateDraft, TTemplateDraftSummary } from "~/domain/template-draft-schema";
import { nextFreeVersionLabel } from "~/domain/version-label";
import type { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/server/db/transaction";

/** The columns a draft response needs; the one place a draft row becomes the contract's shape. */
export const templateDraftSelect = {
  id: true,
  organizationId: true,
  lineageId: true,
  document: true,
  version: true,
  createdByUserId: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.TemplateDraftSelect;

export type TemplateDraftRow = Prisma.TemplateDraftGetPayload<{ select: typeof templateDraftSelect }>;

/** Documents are written only after template-draft-edits.ts `validateDraft` checked them, so they are read as is. */
export function readDocument(json: Prisma.JsonValue): TemplateDraftDocument {
  return json as unknown as TemplateDraftDocument;
}

export function toTemplateDraftDto(row: TemplateDraftRow, publications: TPublication[]): TTemplateDraft {
  return {
    ...readDocument(row.document),
    id: row.id,
    lineageId: row.lineageId,
    revision: row.version,
    publications,
    createdByUserId: row.createdByUserId,
    ownedByOrganizationId: row.organizationId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A draft in a list: its next version is the one publishing proposes, given the versions its lineage published. */
export function toTemplateDraftSummaryDto(
  row: { id: string; name: string; document: Prisma.JsonValue; version: number; updatedAt: Date },
  publishedVersions: readonly string[],
): TTemplateDraftSummary {
  const version = readDocument(row.document).version;
  return {
    id: row.id,
    name: row.name,
    version,
    nextVersion: nextFreeVersionLabel(version, publishedVersions),
    revision: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The templates published in the lineage (by this draft or another of it), oldest first. */
export async function readPublications(tx: Tx, organizationId: string, lineageId: string): Promise<TPublication[]> {
  const rows = await tx.template.findMany({
    where: { organizationId, lineageId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, version: true, createdAt: true },
  });
  return rows.map((r) => ({ id: r.id, version: r.version, createdAt: r.createdAt.toISOString() }));
}

/** The draft as the contract answers it; inside the caller's transaction it shows the caller's write. */
export async function readTemplateDraft(tx: Tx, organizationId: string, draftId: string): Promise<TTemplateDraft | null> {
  const row = await tx.templateDraft.findFirst({ where: { id: draftId, organizationId }, select: templateDraftSelect });
  if (!row) return null;
  return toTemplateDraftDto(row, await readPublications(tx, organizationId, row.lineageId));
}
