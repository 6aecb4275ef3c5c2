import { AppError } from "~/domain/app-error";
import { isRepeaterSection, repeaterSectionIds } from "~/domain/template-index";
import type { Actor } from "~/domain/actor";
import { deleteRow } from "~/server/services/data-values/internal/data-value-sql";
import type { PassportDataOwner, PassportDataOwnerDtos } from "~/server/services/internal/passport-data-owner";
import { writePassportData } from "~/server/services/internal/write-passport-data";

export type DeleteRepeaterRowOptions<O extends PassportDataOwner = PassportDataOwner> = {
  actor: Actor;
  organizationId: string;
  owner: O;
  dataSectionId: string;
  row: number;
  ifMatch?: number;
};

/**
 * Removes one row of a repeater: its values in the repeater and in its nested sections. Other rows keep their
 * numbers, since a row number is part of each value's identity that clients may hold.
 */
export async function deleteRepeaterRow<O extends PassportDataOwner>({
  dataSectionId,
  row,
  ...target
}: DeleteRepeaterRowOptions<O>): Promise<PassportDataOwnerDtos[O["kind"]]> {
  return writePassportData(target, async (tx, owner, index) => {
    if (!isRepeaterSection(index, dataSectionId)) {
      throw new AppError("BAD_REQUEST", `Section ${dataSectionId} is not a repeater of this ${owner.kind}'s template.`, [
        { path: "$.dataSectionId", message: "Must be the id of a Repeatable section", dataSectionId, row },
      ]);
    }
    const deleted = await deleteRow(tx, owner, repeaterSectionIds(index, dataSectionId), row);
    if (deleted === 0) throw new AppError("NOT_FOUND", `Row ${row} of section ${dataSectionId} does not exist.`);
    return true;
  });
}
