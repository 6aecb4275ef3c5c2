import { z } from "zod";
import { AppError } from "~/domain/app-error";
import { type JsonValue } from "~/domain/aas/value-only";
import { mergePatch } from "~/domain/aas/value-only-patch";

/**
 * The member writes of the European DPP API (docs/versions.md §DPP API writes): the element paths of `/dpps/{dppId}/elements/{elementPath}`.
 */

/** At most this many characters in an element path, and this many steps. */
export const MAX_ELEMENT_PATH_LENGTH = 2000;
const MAX_ELEMENT_PATH_STEPS = 64;

/** One step of an idShort path: `Name` or `Name[2]` (a list's element, as AAS idShortPaths write it). */
const STEP = /^([A-Za-z][A-Za-z0-9_-]*)((?:\[\d{1,7}\])*)$/;

export const ZDppElementPath = z.object({
  dppId: z.uuid({ error: "dppId must be a passport's uuid" }),
  elementPath: z
    .string()
    .min(1)
    .max(MAX_ELEMENT_PATH_LENGTH)
    .transform((value, context) => {
      const steps = parseElementPath(value);
      if (!steps) {
        context.addIssue({
          code: "custom",
          message: "elementPath is an idShort path: the submodel's idShort, then each element's, joined by dots (a list's row as [n])",
        });
        return z.NEVER;
      }
      return steps;
    }),
});

export type ElementStep = string | number;

/** `Submodel.Collection.List[2].Property` as its steps, the first the submodel's idShort; null when malformed. */
export function parseElementPath(path: string): ElementStep[] | null {
  const steps: ElementStep[] = [];
  for (const part of path.split(".")) {
    const match = STEP.exec(part);
    if (!match?.[1]) return null;
    steps.push(match[1]);
    for (const index of match[2]?.matchAll(/\[(\d+)\]/g) ?? []) steps.push(Number(index[1]));
  }
  return steps.length <= MAX_ELEMENT_PATH_STEPS ? steps : null;
}

/** The value at `steps` below `value`, undefined when nothing is there. */
export function valueAt(value: JsonValue | undefined, steps: readonly ElementStep[]): JsonValue | undefined {
  let at = value;
  for (const step of steps) {
    if (typeof step === "number") at = Array.isArray(at) ? at[step] : undefined;
    else at = typeof at === "object" && at !== null && !Array.isArray(at) && Object.hasOwn(at, step) ? at[step] : undefined;
    if (at === undefined) return undefined;
  }
  return at;
}

/**
 * The merge patch of a whole submodel's content that patches one element with `body`: objects nest key by key; a
 * step into a list (a repeater's row) sends the list whole with that row merge-patched, since RFC 7396 replaces
 * arrays. NOT_FOUND when the path names nothing in `current`.
 */
export function elementPatch(current: JsonValue | undefined, steps: readonly ElementStep[], body: JsonValue): JsonValue {
  const [step, ...rest] = steps;
  if (step === undefined) return body;
  if (typeof step === "string") {
    const child = valueAt(current, [step]);
    if (child === undefined) throw new AppError("NOT_FOUND", "No element of this DPP has this path.");
    return { [step]: elementPatch(child, rest, body) };
  }
  if (!Array.isArray(current) || current[step] === undefined) throw new AppError("NOT_FOUND", "No element of this DPP has this path.");
  const rows = [...current];
  rows[step] = mergePatch(rows[step], elementPatch(rows[step], rest, body));
  return rows;
}
