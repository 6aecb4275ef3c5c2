import type { TDataValue } from "~/domain/data-value";
import { answeredDataValues, isRangeField } from "~/domain/range-value";
import { findField } from "~/domain/template-index";
import { getDb } from "~/server/db/client";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

type OwnerWithValues = { templateId: string; dataValues: TDataValue[] };

function isOwnerWithValues(value: unknown): value is OwnerWithValues {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.templateId === "string" && Array.isArray(record.dataValues);
}

/**
 * A model or item as the REST contract answers it: a range field's value as its `{min, max}` object
 * (src/domain/range-value.ts, docs/api.md); anything else, and an owner whose template has no range field, unchanged.
 * The template index is cached (templates never change), so this reads the database at most once per template.
 */
export async function answerDataValues<T>(result: T): Promise<T> {
  if (!isOwnerWithValues(result) || result.dataValues.length === 0) return result;
  const index = await loadTemplateIndex(getDb(), result.templateId);
  const hasRange = [...index.sections.values()].some((entry) => [...entry.fields.values()].some((field) => isRangeField(field)));
  if (!hasRange) return result;
  return { ...result, dataValues: answeredDataValues((s, f) => findField(index, s, f), result.dataValues) };
}
