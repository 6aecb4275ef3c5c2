import { AppError } from "~/domain/app-error";
import { isRepeaterSection, repeaterSectionIds } from "~/domain/template-index";
import type { TModel } from "~/domain/model-schema";
import type { Actor } from "~/server/auth/resolve-actor";
import { inTransaction } from "~/server/db/transaction";
import { assertMemberOf } from "~/server/services/access";
import { deleteRow } from "~/server/services/data-values/data-value-sql";
import { lockModel, touchModel } from "~/server/services/models/lock-model";
import { readModel } from "~/server/services/models/model-dto";
import { loadTemplateIndex } from "~/server/services/templates/load-template-index";

export type DeleteRepeaterRowOptions = {
  actor: Actor;
  organizationId: string;
  modelId: string;
  dataSectionId: string;
  row: number;
  ifMatch?: number;
};

/**
 * Removes one row of a repeater: its values in the repeater and in its nested sections. Other rows keep their
 * numbers, since a row number is part of each value's identity that clients may hold.
 */
export async function deleteRepeaterRow(options: DeleteRepeaterRowOptions): Promise<TModel> {
  const { actor, organizationId, modelId, dataSectionId, row, ifMatch } = options;
  assertMemberOf(actor, organizationId);
  return inTransaction(async (tx) => {
    const model = await lockModel(tx, { organizationId, modelId, ifMatch });
    const index = await loadTemplateIndex(tx, model.templateId);
    if (!isRepeaterSection(index, dataSectionId)) {
      throw new AppError("BAD_REQUEST", `Section ${dataSectionId} is not a repeater of this model's template.`, [
        { path: "$.dataSectionId", message: "Must be the id of a Repeatable section", dataSectionId, row },
      ]);
    }
    const deleted = await deleteRow(tx, modelId, repeaterSectionIds(index, dataSectionId), row);
    if (deleted === 0) throw new AppError("NOT_FOUND", `Row ${row} of section ${dataSectionId} does not exist.`);
    await touchModel(tx, modelId);
    return readModel(tx, modelId);
  });
}
