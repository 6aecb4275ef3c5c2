import { buildTemplateIndex, type TemplateIndex } from "~/domain/template-index";
import type { Prisma } from "~/generated/prisma/client";
import { readSections } from "~/server/services/templates/internal/template-dto";

/**
 * Templates never change once stored, so the index built from one can be kept for as long as the process lives;
 * writes of data values then skip re-reading the section tree. Bounded so a process with many templates stays small.
 */
const MAX_ENTRIES = 256;
const cache = new Map<string, TemplateIndex>();

export function templateIndexFor(templateId: string, sections: Prisma.JsonValue): TemplateIndex {
  const hit = cache.get(templateId);
  if (hit) return hit;
  const index = buildTemplateIndex(readSections(sections));
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(templateId, index);
  return index;
}

export function cachedTemplateIndex(templateId: string): TemplateIndex | undefined {
  return cache.get(templateId);
}
