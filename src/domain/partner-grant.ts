import { z } from "zod";
import type { TemplateIndex } from "~/domain/template-index";
import { ZUuid } from "~/domain/uuid";

/**
 * Partner grants (docs/partners.md): an organization lets another organization — a supplier, a repairer — read and
 * write chosen top-level sections of one model and of its items. Browser safe: the grant panel and the "Shared with
 * us" list use these shapes.
 */

/** What a partner's request is refused with once the grant is ended: their next read or write (403). */
export const GRANT_ENDED_MESSAGE =
  "Your organization's access to this model has ended: its owner ended the partner grant, so nothing was read or saved.";

/** At most this many sections in one grant (a template has far fewer top-level sections). */
export const MAX_GRANTED_SECTIONS = 200;

/**
 * The partner is named by its organization id, which its members read on their "Shared with us" page and pass on:
 * the owner knows whom they mean, and an e-mail address is never looked up (that would tell the granter which
 * organizations a person belongs to).
 */
export const ZPartnerGrantCreateRequest = z.strictObject({
  partnerOrganizationId: ZUuid,
  sectionIds: z.array(ZUuid).min(1).max(MAX_GRANTED_SECTIONS),
});
export type TPartnerGrantCreateRequest = z.infer<typeof ZPartnerGrantCreateRequest>;

const ZGrantedSection = z.object({ id: ZUuid, name: z.string().nullable() });

export const ZPartnerGrant = z.object({
  id: ZUuid,
  modelId: ZUuid,
  partnerOrganizationId: ZUuid,
  /** null once the partner organization no longer exists. */
  partnerOrganizationName: z.string().nullable(),
  /** The granted top-level sections, named as in the model's current template (null: no longer in it). */
  sections: z.array(ZGrantedSection),
  createdBy: z.string(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  isActive: z.boolean(),
});
export type TPartnerGrant = z.infer<typeof ZPartnerGrant>;

/** A model of another organization shared with the caller's organization: what its "Shared with us" list shows. */
export const ZSharedModel = z.object({
  grantId: ZUuid,
  organizationId: ZUuid,
  organizationName: z.string(),
  modelId: ZUuid,
  modelName: z.string(),
  sections: z.array(ZGrantedSection),
  grantedAt: z.string(),
});
export type TSharedModel = z.infer<typeof ZSharedModel>;

/** Every section a grant of these top-level sections opens: each one and the sections nested in it. */
export function grantedSectionIds(index: TemplateIndex, rootIds: readonly string[]): Set<string> {
  const open = new Set<string>();
  for (const id of rootIds) {
    const entry = index.sections.get(id);
    if (!entry || !index.rootSectionIds.includes(id)) continue;
    open.add(id);
    for (const below of entry.descendants) open.add(below);
  }
  return open;
}

/** The top-level section each section sits in (itself for a top-level one). */
function topLevelOf(index: TemplateIndex, sectionId: string): string {
  for (const rootId of index.rootSectionIds) {
    if (rootId === sectionId || index.sections.get(rootId)?.descendants.includes(sectionId)) return rootId;
  }
  return sectionId;
}

/**
 * The top-level sections a write touches outside the grant, once each, in the order met: what a partner's refusal
 * names. Empty when the write stays inside.
 */
export function sectionsOutsideGrant(index: TemplateIndex, rootIds: readonly string[], touched: readonly string[]): string[] {
  const open = grantedSectionIds(index, rootIds);
  const outside = new Set<string>();
  for (const id of touched) if (!open.has(id)) outside.add(topLevelOf(index, id));
  return [...outside];
}
