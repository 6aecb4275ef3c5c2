import { AppError } from "~/domain/app-error";
import { dataValueIssue, type TDataValueInput, tripleKey } from "~/domain/data-value";
import { requestValueIssues } from "~/domain/data-value-validation";
import { completeRepeaterRows } from "~/domain/repeater-rows";
import type { Actor } from "~/domain/actor";
import { assertRowLimits } from "~/server/services/data-values/internal/assert-row-limits";
import { existingTriples, insertDataValues } from "~/server/services/data-values/internal/data-value-sql";
import { assertValid, prepareDataValues } from "~/server/services/data-values/internal/prepare-data-values";
import { ownerLevel, type PassportDataOwner, type PassportDataOwnerDtos } from "~/server/services/internal/passport-data-owner";
import { writePassportData } from "~/server/services/internal/write-passport-data";

export type AddDataValuesOptions<O extends PassportDataOwner = PassportDataOwner> = {
  actor: Actor;
  organizationId: string;
  /** The model or item whose values these are; each holds only the fields of its level. */
  owner: O;
  values: readonly TDataValueInput[];
  ifMatch?: number;
};

/**
 * Adds new data values, typically a new repeater row. A triple that already exists is a conflict and nothing is
 * saved; fields of a new row that the request leaves out are created as nulls, so every row is complete. A repeater
 * left with more rows than its `maxRows` refuses the whole request.
 */
export async function addDataValues<O extends PassportDataOwner>({
  values: inputs,
  ...target
}: AddDataValuesOptions<O>): Promise<PassportDataOwnerDtos[O["kind"]]> {
  const values = prepareDataValues(inputs);
  const level = ownerLevel(target.owner);
  return writePassportData(target, async (tx, owner, index) => {
    // A new row starts empty like a new model does; `required` stops a value from being cleared once set.
    assertValid(requestValueIssues(index, inputs, values, level, { isEmptyRequiredAllowed: true }));
    // A savepoint lets a conflict be explained by what existed before this request, not by what it just inserted.
    await tx.$executeRaw`SAVEPOINT before_add`;
    const inserted = await insertDataValues(tx, owner, values);
    if (inserted < values.length) {
      await tx.$executeRaw`ROLLBACK TO SAVEPOINT before_add`;
      const taken = await existingTriples(tx, owner, values);
      throw new AppError(
        "CONFLICT",
        `${taken.size} of these data values already exist; change them with PATCH. Nothing was saved.`,
        values.flatMap((v, i) => (taken.has(tripleKey(v)) ? [dataValueIssue(`$[${i}]`, "This data value already exists", v)] : [])),
      );
    }
    // Fills are computed against the request only; ON CONFLICT skips those the row already had.
    await insertDataValues(tx, owner, completeRepeaterRows(index, values, level).slice(values.length));
    await assertRowLimits(tx, owner, index, values, "$");
    return true;
  });
}
