import { AppError } from "~/domain/app-error";
import { dataValueIssue, type TDataValue, tripleKey } from "~/domain/data-value";
import { movedToTemplate, valuesKeptOnTemplateChange, valuesLostOnTemplateChange } from "~/domain/model-data-values";
import { rowPathText } from "~/domain/row-path";
import type { Tx } from "~/server/db/transaction";
import type { WritingOwner } from "~/server/services/internal/write-passport-data";
import { deleteDataValues, insertDataValues, readDataValues } from "~/server/services/data-values/internal/data-value-sql";
import { reissueRaisedCuts } from "~/server/services/passport-versions/internal/reissue-raised-cuts";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

/**
 * Moves a model's values to another template: values whose section and field exist there are kept (at the row path
 * the new template holds them, movedToTemplate), empty ones that have no place are dropped, and the new template's fields are completed with nulls. If any non-null value
 * would be lost, nothing changes and the caller learns which values are in the way. The dropped and added nulls are
 * recorded in the write's history change. Access levels the new template raises reach the published versions
 * (reissueRaisedCuts).
 */
export async function switchModelTemplate(tx: Tx, model: WritingOwner, templateId: string): Promise<void> {
  const current = await readDataValues(tx, model);
  const index = await loadTemplateIndex(tx, templateId);
  const before = await loadTemplateIndex(tx, model.templateId);
  const moved = current.map((v) => movedToTemplate(v, before, index));
  // Listed where they are now, not where the new template would hold them.
  const lostMoved = new Set(valuesLostOnTemplateChange(moved, index, "Model"));
  const lost = current.filter((_, i) => lostMoved.has(moved[i] as TDataValue));
  if (lost.length > 0) {
    throw new AppError(
      "CONFLICT",
      `Changing the template would lose ${lost.length} value${lost.length === 1 ? "" : "s"}; clear them first.`,
      lost.map((v) =>
        dataValueIssue(
          "$.templateId",
          `The value of field ${v.dataFieldId} in section ${v.dataSectionId}, row ${rowPathText(v)}, has no place in the new template`,
          v,
        ),
      ),
    );
  }
  const kept = valuesKeptOnTemplateChange(moved, index, "Model", model.defaultLanguage);
  const keptKeys = new Set(kept.map(tripleKey));
  const currentKeys = new Set(current.map(tripleKey));
  await deleteDataValues(
    tx,
    model,
    current.filter((v) => !keptKeys.has(tripleKey(v))),
  );
  await insertDataValues(
    tx,
    model,
    kept.filter((v) => !currentKeys.has(tripleKey(v))),
  );
  // A field whose access the new template raises leaves the lower cuts of every earlier version too.
  await reissueRaisedCuts(tx, { modelId: model.id, before, after: index });
}
