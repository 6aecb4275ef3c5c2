import { z } from "zod";
import { toDecimalString } from "~/domain/decimal";
import { ZUuid } from "~/domain/uuid";

export const MAX_VALUE_LENGTH = 10_000;
export const MAX_ROW = 1_000_000;

export const ZDataValueInput = z.strictObject({
  // zod's number already rejects NaN and ±Infinity (JSON cannot carry them anyway).
  value: z.union([z.string().max(MAX_VALUE_LENGTH), z.number(), z.null()], {
    error: `value must be a string (at most ${MAX_VALUE_LENGTH} characters), a finite number or null`,
  }),
  dataSectionId: ZUuid,
  dataFieldId: ZUuid,
  row: z.number().int().min(0).max(MAX_ROW),
});

/** The request's maximum length is the caller's configurable limit. */
export const ZDataValuesRequest = z.array(ZDataValueInput).min(1, { error: "Send at least one data value" });

export type TDataValueInput = z.infer<typeof ZDataValueInput>;

/** A data value as stored and answered: numbers have become decimal strings. */
export type TDataValue = { value: string | null; dataSectionId: string; dataFieldId: string; row: number };

export function normalizeDataValue(input: TDataValueInput): TDataValue {
  const { value, dataSectionId, dataFieldId, row } = input;
  return {
    value: typeof value === "number" ? toDecimalString(value) : value,
    dataSectionId,
    dataFieldId,
    row,
  };
}

export type DataValueTriple = Pick<TDataValue, "dataSectionId" | "dataFieldId" | "row">;

/** A value's identity as one string, for sets and maps. */
export function tripleKey(v: DataValueTriple): string {
  return `${v.dataSectionId}|${v.dataFieldId}|${v.row}`;
}
