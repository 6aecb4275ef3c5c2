import { z } from "zod";
import { gtinCheckDigit } from "~/domain/gs1/gs1-key";
import { ZText } from "~/domain/text";

/**
 * An organization's typed operator identifiers (docs/registry.md §Operator identifiers): who it is as manufacturer,
 * importer, EU responsible economic operator and facility, each under one scheme whose rule is checked here. Pure and
 * browser safe: the settings form checks with the same rules the server does.
 */

export const OPERATOR_ROLES = ["manufacturer", "importer", "responsibleOperator", "facility"] as const;
export const OPERATOR_SCHEMES = ["EORI", "LEI", "GLN", "VAT"] as const;
export type TOperatorRole = (typeof OPERATOR_ROLES)[number];
export type TOperatorScheme = (typeof OPERATOR_SCHEMES)[number];

/** The most identifiers an organization holds (a few roles, a few dozen facilities). */
export const MAX_OPERATOR_IDENTIFIERS = 50;

/**
 * VAT numbers as the EU's VIES service formats them, per member state (and XI, Northern Ireland): the country
 * prefix (Greece is EL) and the national number's shape. National check digits are not verified: each state has its
 * own algorithm, and VIES itself is the authority on whether a number is issued.
 */
const VAT_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[A-Z0-9+*]\d{5}[A-W][A-I]?$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};
export const VAT_COUNTRY_PREFIXES = Object.keys(VAT_FORMATS);

/** ISO 7064 MOD 97-10 over letters and digits (A = 10 … Z = 35), as ISO 17442 and IBAN use it. */
function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const value = Number.parseInt(char, 36);
    remainder = (value < 10 ? remainder * 10 + value : remainder * 100 + value) % 97;
  }
  return remainder;
}

/** The two check digits of an LEI's first 18 characters (ISO 17442: 98 − (n × 100 mod 97)). */
export function leiCheckDigits(first18: string): string {
  return String(98 - mod97(`${first18}00`)).padStart(2, "0");
}

/** Why `value` is not an identifier of `scheme`, naming the rule; undefined when it is one. `value` is normalised. */
export function operatorIdentifierProblem(scheme: TOperatorScheme, value: string): string | undefined {
  switch (scheme) {
    case "LEI":
      if (!/^[A-Z0-9]{18}\d{2}$/.test(value)) {
        return "An LEI (ISO 17442) has 20 characters: 18 letters or digits, then 2 check digits";
      }
      return mod97(value) === 1 ? undefined : "This LEI's check digits are wrong (ISO 17442: ISO 7064 MOD 97-10)";
    case "GLN":
      if (!/^\d{13}$/.test(value)) return "A GLN has 13 digits";
      return gtinCheckDigit(value.slice(0, 12)) === Number(value[12]) ? undefined : "This GLN's check digit is wrong (GS1 mod 10)";
    case "EORI":
      return /^[A-Z]{2}[A-Z0-9]{1,15}$/.test(value)
        ? undefined
        : "An EORI number is a 2-letter country code followed by up to 15 letters or digits";
    case "VAT":
      return vatProblem(value);
  }
}

function vatProblem(value: string): string | undefined {
  const prefix = value.slice(0, 2);
  const format = VAT_FORMATS[prefix];
  if (!format) return `A VAT number starts with the country code of an EU member state or XI (${VAT_COUNTRY_PREFIXES.join(", ")})`;
  return format.test(value.slice(2))
    ? undefined
    : `This is not the format of a VAT number of ${prefix} (as the EU's VIES service lists it)`;
}

/** Upper case without the spaces, dots and hyphens people write identifiers with: the form that is stored and compared. */
export function normaliseOperatorIdentifier(value: string): string {
  return value.replace(/[\s.-]/g, "").toUpperCase();
}

export const ZOperatorIdentifier = z
  .strictObject({
    role: z.enum(OPERATOR_ROLES, { error: `role must be one of ${OPERATOR_ROLES.join(", ")}` }),
    scheme: z.enum(OPERATOR_SCHEMES, { error: `scheme must be one of ${OPERATOR_SCHEMES.join(", ")}` }),
    value: ZText("Identifier").max(100, { error: "Use at most 100 characters" }).transform(normaliseOperatorIdentifier),
    name: ZText("Name").trim().min(1, { error: "Enter a name" }).max(200, { error: "Use at most 200 characters" }).optional(),
    contact: ZText("Contact").trim().min(1, { error: "Enter a contact" }).max(500, { error: "Use at most 500 characters" }).optional(),
  })
  .check((ctx) => {
    const problem = operatorIdentifierProblem(ctx.value.scheme, ctx.value.value);
    if (problem) ctx.issues.push({ code: "custom", message: problem, path: ["value"], input: ctx.value.value });
    // ESPR Art. 4 and the Battery Regulation name the responsible operator with a name and a contact on the product.
    if (ctx.value.role === "responsibleOperator") {
      for (const key of ["name", "contact"] as const) {
        if (ctx.value[key] === undefined) {
          ctx.issues.push({
            code: "custom",
            message: `The responsible economic operator needs a ${key}`,
            path: [key],
            input: ctx.value,
          });
        }
      }
    }
  });

export type TOperatorIdentifier = z.infer<typeof ZOperatorIdentifier>;

export const ZOperatorIdentifiers = z
  .array(ZOperatorIdentifier)
  .max(MAX_OPERATOR_IDENTIFIERS, { error: `List at most ${MAX_OPERATOR_IDENTIFIERS} operator identifiers` })
  .check((ctx) => {
    const seen = new Set<string>();
    for (const [index, identifier] of ctx.value.entries()) {
      const key = `${identifier.role} ${identifier.scheme} ${identifier.value}`;
      if (seen.has(key))
        ctx.issues.push({ code: "custom", message: "List each identifier once per role", path: [index], input: identifier });
      seen.add(key);
    }
  });

/** The roles an economic operator id stands for, in the order the legacy `economicOperatorId` is derived from them. */
const ECONOMIC_OPERATOR_ROLES: readonly TOperatorRole[] = ["responsibleOperator", "manufacturer", "importer"];

/**
 * The organization's economic operator identifier as the registry's `reoId` and the DPP header name it: the legacy
 * `economicOperatorId` setting when set, else the first identifier of the responsible operator, else of the
 * manufacturer, else of the importer (docs/registry.md §Operator identifiers); null when there is none.
 */
export function economicOperatorIdOf(explicit: string | null, identifiers: readonly TOperatorIdentifier[]): string | null {
  if (explicit !== null) return explicit;
  for (const role of ECONOMIC_OPERATOR_ROLES) {
    const found = identifiers.find((identifier) => identifier.role === role);
    if (found) return found.value;
  }
  return null;
}

/** The organization's first facility identifier: the DPP header's `facilityId` when the model names none. */
export function firstFacilityOf(identifiers: readonly TOperatorIdentifier[]): string | undefined {
  return identifiers.find((identifier) => identifier.role === "facility")?.value;
}

/** The list as the database holds it (JSONB, written only through ZOperatorIdentifiers); anything else reads as none. */
export function storedOperatorIdentifiers(stored: unknown): TOperatorIdentifier[] {
  const parsed = ZOperatorIdentifiers.safeParse(stored);
  return parsed.success ? parsed.data : [];
}
