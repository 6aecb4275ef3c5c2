import { AppError } from "~/domain/app-error";
import { dataValueIssue, tripleKey } from "~/domain/data-value";
import { requestValueIssues } from "~/domain/data-value-validation";
import type { AddDataValuesOptions } from "~/server/services/data-values/add-data-values";
import { existingTriples, updateDataValues } from "~/server/services/data-values/internal/data-value-sql";
import { assertValid, prepareDataValues } from "~/server/services/data-values/internal/prepare-data-values";
import { ownerLevel, type PassportDataOwner, type PassportDataOwnerDtos } from "~/server/services/internal/passport-data-owner";
import { writePassportData } from "~/server/services/internal/write-passport-data";

export type ModifyDataValuesOptions<O extends PassportDataOwner = PassportDataOwner> = AddDataValuesOptions<O>;

/**
 * Sets new values on existing triples; values the request does not name stay as they are. A triple that does not
 * exist is an error naming it (rows are added with POST), and then nothing is saved. Setting values to what they
 * are already changes nothing, so the version stays.
 */
export async function modifyDataValues<O extends PassportDataOwner>({
  values: inputs,
  ...target
}: ModifyDataValuesOptions<O>): Promise<PassportDataOwnerDtos[O["kind"]]> {
  const values = prepareDataValues(inputs);
  const level = ownerLevel(target.owner);
  return writePassportData(target, async (tx, owner, index) => {
    assertValid(requestValueIssues(index, inputs, values, level));
    const { matched, changed } = await updateDataValues(tx, owner, values);
    if (matched < values.length) {
      const found = await existingTriples(tx, owner, values);
      const missing = values.flatMap((v, i) =>
        found.has(tripleKey(v))
          ? []
          : [
              dataValueIssue(
                `$[${i}]`,
                `No data value for field ${v.dataFieldId} of section ${v.dataSectionId} at row ${v.row}; add it with POST`,
                v,
              ),
            ],
      );
      throw new AppError(
        "VALIDATION",
        `${missing.length} data value${missing.length === 1 ? " does" : "s do"} not exist; nothing was saved.`,
        missing,
      );
    }
    return changed > 0;
  });
}
