import type { PartnerAccess } from "~/domain/actor";
import { grantedSectionIds } from "~/domain/partner-grant";
import type { Tx } from "~/server/db/transaction";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

/**
 * A model or an item as a partner reads it (docs/partners.md): only the values of the granted sections. A member
 * (no partner grant) reads it whole.
 */
export async function grantedValuesOnly<T extends { templateId: string; dataValues: readonly { dataSectionId: string }[] }>(
  db: Tx,
  partner: PartnerAccess | undefined,
  owner: T,
): Promise<T> {
  if (!partner) return owner;
  const open = grantedSectionIds(await loadTemplateIndex(db, owner.templateId), partner.sectionIds);
  return { ...owner, dataValues: owner.dataValues.filter((value) => open.has(value.dataSectionId)) };
}

/**
 * Of these value keys of a model (or its items), those a partner may read (docs/partners.md §History): the granted
 * sections' — what the conflict view of their editor asks about. A member (no partner grant) may read them all.
 */
export async function grantedKeysOnly<T extends { dataSectionId: string }>(
  db: Tx,
  partner: PartnerAccess | undefined,
  modelId: string,
  keys: readonly T[],
): Promise<readonly T[]> {
  if (!partner) return keys;
  const { templateId } = await db.model.findUniqueOrThrow({ where: { id: modelId }, select: { templateId: true } });
  const open = grantedSectionIds(await loadTemplateIndex(db, templateId), partner.sectionIds);
  return keys.filter((key) => open.has(key.dataSectionId));
}
