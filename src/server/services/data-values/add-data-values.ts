import type { Actor } from "~/domain/actor";
import type { TDataValueInput } from "~/domain/data-value";
import { applyDataChanges } from "~/server/services/data-values/apply-data-changes";
import type { PassportDataOwner, PassportDataOwnerDtos } from "~/server/services/internal/passport-data-owner";

export type AddDataValuesOptions<O extends PassportDataOwner = PassportDataOwner> = {
  actor: Actor;
  organizationId: string;
  /** The model or item whose values these are; each holds only the fields of its level. */
  owner: O;
  values: readonly TDataValueInput[];
  ifMatch?: number;
};

/**
 * Adds new data values, typically a new repeater row: a changes request with only `add` (its rules and messages,
 * `applyDataChanges`), whose issue paths point into the array sent (`$[1]`).
 */
export async function addDataValues<O extends PassportDataOwner>({
  values,
  ...target
}: AddDataValuesOptions<O>): Promise<PassportDataOwnerDtos[O["kind"]]> {
  return applyDataChanges({ ...target, changes: { add: [...values] }, part: "add" });
}
