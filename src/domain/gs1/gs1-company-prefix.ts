import { z } from "zod";

/**
 * GS1 company prefixes (docs/gs1.md, Who may resolve a GTIN): GS1 licenses a company a prefix of 4 to 12 digits,
 * and every GTIN the company allocates begins with it in its GTIN-13 form, the GTIN-14 without its indicator digit
 * (a U.S. GTIN-12 `614141…` is the GTIN-13 `0614141…`). An organization's GTINs resolve publicly only under a prefix
 * an operator verified for it.
 */

export const GS1_PREFIX_LENGTH = { min: 4, max: 12 } as const;

export const ZGs1CompanyPrefix = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${GS1_PREFIX_LENGTH.min},${GS1_PREFIX_LENGTH.max}}$`), {
    error: `A GS1 company prefix has ${GS1_PREFIX_LENGTH.min} to ${GS1_PREFIX_LENGTH.max} digits, as in its GTIN-13 form`,
  });

/** Every company prefix that could cover this GTIN-14: its GTIN-13 form's first 4, 5, … 12 digits. */
export function companyPrefixCandidates(gtin14: string): string[] {
  const gtin13 = gtin14.slice(1);
  const candidates: string[] = [];
  for (let length = GS1_PREFIX_LENGTH.min; length <= GS1_PREFIX_LENGTH.max; length++) candidates.push(gtin13.slice(0, length));
  return candidates;
}

/** True when one of the two prefixes begins the other: they would claim the same GTINs. */
export function prefixesOverlap(a: string, b: string): boolean {
  return a.startsWith(b) || b.startsWith(a);
}
