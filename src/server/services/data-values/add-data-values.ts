import { AppError } from "~/domain/app-error";
import { type TDataValueInput, tripleKey } from "~/domain/data-value";
import { completeRepeaterRows, requestValueIssues } from "~/domain/data-value-rules";
import type { TModel } from "~/domain/model-schema";
import type { Actor } from "~/server/auth/resolve-actor";
import { inTransaction } from "~/server/db/transaction";
import { assertMemberOf } from "~/server/services/access";
import { existingTriples, insertDataValues } from "~/server/services/data-values/data-value-sql";
import { assertValid, prepareDataValues } from "~/server/services/data-values/prepare-data-values";
import { lockModel, touchModel } from "~/server/services/models/lock-model";
import { readModel } from "~/server/services/models/model-dto";
import { loadTemplateIndex } from "~/server/services/templates/load-template-index";

export type AddDataValuesOptions = {
  actor: Actor;
  organizationId: string;
  modelId: string;
  values: readonly TDataValueInput[];
  ifMatch?: number;
};

/**
 * Adds new data values, typically a new repeater row. A triple that already exists is a conflict and nothing is
 * saved; fields of a new row that the request leaves out are created as nulls, so every row is complete.
 */
export async function addDataValues(options: AddDataValuesOptions): Promise<TModel> {
  const { actor, organizationId, modelId, ifMatch } = options;
  assertMemberOf(actor, organizationId);
  const values = prepareDataValues(options.values);
  return inTransaction(async (tx) => {
    const model = await lockModel(tx, { organizationId, modelId, ifMatch });
    const index = await loadTemplateIndex(tx, model.templateId);
    // A new row starts empty like a new model does; `required` stops a value from being cleared once set.
    assertValid(requestValueIssues(index, options.values, values, { isEmptyRequiredAllowed: true }));
    // A savepoint lets a conflict be explained by what existed before this request, not by what it just inserted.
    await tx.$executeRaw`SAVEPOINT before_add`;
    const inserted = await insertDataValues(tx, modelId, values);
    if (inserted < values.length) {
      await tx.$executeRaw`ROLLBACK TO SAVEPOINT before_add`;
      const taken = await existingTriples(tx, modelId, values);
      throw new AppError(
        "CONFLICT",
        `${taken.size} of these data values already exist; change them with PATCH. Nothing was saved.`,
        values.flatMap((v, i) =>
          taken.has(tripleKey(v))
            ? [{ path: `$[${i}]`, message: "This data value already exists", ...tripleOf(v) }]
            : [],
        ),
      );
    }
    // Fills are computed against the request only; ON CONFLICT skips those the row already had.
    await insertDataValues(tx, modelId, completeRepeaterRows(index, values, new Set()).slice(values.length));
    await touchModel(tx, modelId);
    return readModel(tx, modelId);
  });
}

function tripleOf(v: { dataSectionId: string; dataFieldId: string; row: number }) {
  return { dataSectionId: v.dataSectionId, dataFieldId: v.dataFieldId, row: v.row };
}
