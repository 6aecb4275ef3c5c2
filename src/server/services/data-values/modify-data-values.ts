import type { AddDataValuesOptions } from "~/server/services/data-values/add-data-values";
import { applyDataChanges } from "~/server/services/data-values/apply-data-changes";
import type { PassportDataOwner, PassportDataOwnerDtos } from "~/server/services/internal/passport-data-owner";

export type ModifyDataValuesOptions<O extends PassportDataOwner = PassportDataOwner> = AddDataValuesOptions<O>;

/**
 * Sets new values on existing triples: a changes request with only `modify` (its rules and messages,
 * `applyDataChanges`), whose issue paths point into the array sent (`$[1]`).
 */
export async function modifyDataValues<O extends PassportDataOwner>({
  values,
  ...target
}: ModifyDataValuesOptions<O>): Promise<PassportDataOwnerDtos[O["kind"]]> {
  return applyDataChanges({ ...target, changes: { modify: [...values] }, part: "modify" });
}
