import { AppError } from "~/domain/app-error";
import { tripleKey } from "~/domain/data-value";
import { valuesKeptOnTemplateChange, valuesLostOnTemplateChange } from "~/domain/data-value-rules";
import type { Tx } from "~/server/db/transaction";
import { deleteDataValues, insertDataValues } from "~/server/services/data-values/data-value-sql";
import { readDataValues } from "~/server/services/models/model-dto";
import { loadTemplateIndex } from "~/server/services/templates/load-template-index";

/**
 * Moves a model's values to another template: values whose section and field exist there are kept, empty ones
 * that have no place are dropped, and the new template's fields are completed with nulls. If any non-null value
 * would be lost, nothing changes and the caller learns which values are in the way.
 */
export async function switchModelTemplate(tx: Tx, modelId: string, templateId: string): Promise<void> {
  const current = await readDataValues(tx, modelId);
  const index = await loadTemplateIndex(tx, templateId);
  const lost = valuesLostOnTemplateChange(current, index);
  if (lost.length > 0) {
    throw new AppError(
      "CONFLICT",
      `Changing the template would lose ${lost.length} value${lost.length === 1 ? "" : "s"}; clear them first.`,
      lost.map((v) => ({
        path: "$.templateId",
        message: `The value of field ${v.dataFieldId} in section ${v.dataSectionId}, row ${v.row}, has no place in the new template`,
        dataSectionId: v.dataSectionId,
        dataFieldId: v.dataFieldId,
        row: v.row,
      })),
    );
  }
  const kept = valuesKeptOnTemplateChange(current, index);
  const keptKeys = new Set(kept.map(tripleKey));
  const currentKeys = new Set(current.map(tripleKey));
  await deleteDataValues(tx, modelId, current.filter((v) => !keptKeys.has(tripleKey(v))));
  await insertDataValues(tx, modelId, kept.filter((v) => !currentKeys.has(tripleKey(v))));
}
