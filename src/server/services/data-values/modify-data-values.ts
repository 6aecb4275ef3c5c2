import type { AddDataValuesOptions } from "~/server/services/data-values/add-data-values";
import { applyDataChanges } from "~/server/services/data-values/apply-data-changes";
import type { PassportDataOwner } from "~/server/services/internal/passport-data-owner";
import type { AnswerForm, WriteAnswer } from "~/server/services/internal/write-passport-data";

export type ModifyDataValuesOptions<O extends PassportDataOwner = PassportDataOwner> = AddDataValuesOptions<O>;

/**
 * Sets new values on existing triples: a changes request with only `modify` (its rules and messages,
 * `applyDataChanges`), whose issue paths point into the array sent (`$[1]`).
 */
export async function modifyDataValues<O extends PassportDataOwner, A extends AnswerForm = "object">({
  values,
  ...target
}: ModifyDataValuesOptions<O> & { answer?: A }): Promise<WriteAnswer<O, A>> {
  return applyDataChanges({ ...target, changes: { modify: [...values] }, part: "modify" });
}
