import { changesValueCount } from "~/domain/data-changes";
import { assertDataValueCount, assertDataValueCountOf } from "~/server/services/data-values/assert-data-value-count";
import { partnerProcedure } from "~/server/trpc/partner-procedure";

/**
 * The procedure of every write of a model's or an item's values: too many values is a 413 before the input schema
 * checks each of them, as in the REST routes (`passportDataChecks`). Open to partners, like those routes.
 */
export const valuesProcedure = partnerProcedure.use(async ({ getRawInput, next }) => {
  const input = await getRawInput();
  if (typeof input === "object" && input !== null && "values" in input) assertDataValueCountOf(input.values);
  if (typeof input === "object" && input !== null && "changes" in input) assertDataValueCount(changesValueCount(input.changes));
  return next();
});
