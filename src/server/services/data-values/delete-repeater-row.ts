import type { Actor } from "~/domain/actor";
import { applyDataChanges } from "~/server/services/data-values/apply-data-changes";
import type { PassportDataOwner, PassportDataOwnerDtos } from "~/server/services/internal/passport-data-owner";

export type DeleteRepeaterRowOptions<O extends PassportDataOwner = PassportDataOwner> = {
  actor: Actor;
  organizationId: string;
  owner: O;
  dataSectionId: string;
  row: number;
  /** For a nested repeater's row: its rows below the outermost one, its own last (docs/data-model.md §Rows). */
  innerRows?: number[];
  ifMatch?: number;
};

/**
 * Removes one row of a repeater (its values in the repeater and its nested sections): a changes request with one
 * `deleteRows` entry (`applyDataChanges`). The row is named by the URL, so a missing one is a 404. Other rows keep
 * their numbers, since a row number is part of each value's identity that clients may hold.
 */
export async function deleteRepeaterRow<O extends PassportDataOwner>({
  dataSectionId,
  row,
  innerRows,
  ...target
}: DeleteRepeaterRowOptions<O>): Promise<PassportDataOwnerDtos[O["kind"]]> {
  const deleteRows = [{ dataSectionId, row, ...(innerRows && { innerRows }) }];
  return applyDataChanges({ ...target, changes: { deleteRows }, part: "deleteRow" });
}
