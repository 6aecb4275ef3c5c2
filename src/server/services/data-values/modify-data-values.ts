import { AppError } from "~/domain/app-error";
import { tripleKey } from "~/domain/data-value";
import { requestValueIssues } from "~/domain/data-value-rules";
import type { TModel } from "~/domain/model-schema";
import { inTransaction } from "~/server/db/transaction";
import type { AddDataValuesOptions } from "~/server/services/data-values/add-data-values";
import { assertMemberOf } from "~/server/services/access";
import { existingTriples, updateDataValues } from "~/server/services/data-values/data-value-sql";
import { assertValid, prepareDataValues } from "~/server/services/data-values/prepare-data-values";
import { lockModel, touchModel } from "~/server/services/models/lock-model";
import { readModel } from "~/server/services/models/model-dto";
import { loadTemplateIndex } from "~/server/services/templates/load-template-index";

export type ModifyDataValuesOptions = AddDataValuesOptions;

/**
 * Sets new values on existing triples; values the request does not name stay as they are. A triple that does not
 * exist is an error naming it (rows are added with POST), and then nothing is saved.
 */
export async function modifyDataValues(options: ModifyDataValuesOptions): Promise<TModel> {
  const { actor, organizationId, modelId, ifMatch } = options;
  assertMemberOf(actor, organizationId);
  const values = prepareDataValues(options.values);
  return inTransaction(async (tx) => {
    const model = await lockModel(tx, { organizationId, modelId, ifMatch });
    const index = await loadTemplateIndex(tx, model.templateId);
    assertValid(requestValueIssues(index, options.values, values));
    const { matched, changed } = await updateDataValues(tx, modelId, values);
    if (matched < values.length) {
      const found = await existingTriples(tx, modelId, values);
      const missing = values.flatMap((v, i) =>
        found.has(tripleKey(v))
          ? []
          : [
              {
                path: `$[${i}]`,
                message: `No data value for field ${v.dataFieldId} of section ${v.dataSectionId} at row ${v.row}; add it with POST`,
                dataSectionId: v.dataSectionId,
                dataFieldId: v.dataFieldId,
                row: v.row,
              },
            ],
      );
      throw new AppError("VALIDATION", `${missing.length} data value${missing.length === 1 ? " does" : "s do"} not exist; nothing was saved.`, missing);
    }
    // Setting values to what they are already is no change: the version stays, so other clients' If-Match holds.
    if (changed > 0) await touchModel(tx, modelId);
    return readModel(tx, modelId);
  });
}
