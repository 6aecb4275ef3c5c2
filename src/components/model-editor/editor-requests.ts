import type { z } from "zod";
import { DESCRIPTION_KEY, NAME_KEY, parseValueKey } from "~/components/model-editor/draft-keys";
import type { DraftValue } from "~/components/model-editor/draft-store";
import type { TDataValue } from "~/domain/data-value";
import type { ZDataValuesInput, ZDeleteRowInput, ZModelUpdateInput } from "~/domain/procedure-inputs";

/** The model the editor writes to, or one of its items when `itemId` is given (`owner-writes.ts`). */
export type EditorTarget = { organizationId: string; modelId: string; itemId?: string };
/** Drafts by key: the name, the description or a data value's triple (`draft-keys.ts`). */
export type Drafts = ReadonlyMap<string, DraftValue>;

export type ModelUpdateInput = z.infer<typeof ZModelUpdateInput>;
export type DataValuesInput = z.infer<typeof ZDataValuesInput>;
export type DeleteRowInput = z.infer<typeof ZDeleteRowInput>;

/**
 * One request of a Save. `sent` holds exactly the drafts it carries, in the order it carries them: a refusal's
 * issues point at them (`$.values[3]` is the fourth), and the answer marks them saved. The input is built when the
 * request goes out, with the model's version at that moment as `ifMatch`, since the request before it in the same
 * Save has already moved the version on.
 */
export type SaveRequest =
  | { procedure: "models.update"; sent: Drafts; input: (ifMatch: number) => ModelUpdateInput }
  | { procedure: "dataValues.modify"; sent: Drafts; input: (ifMatch: number) => DataValuesInput };

/**
 * What a Save sends for the unsaved edits: the name and description as one model patch, then the data values as
 * one modify, each only when it has an edit. Only edits are sent, so a value someone else saved meanwhile is not
 * overwritten with what this page loaded. A cleared name or description is sent as "".
 */
export function saveRequests({ organizationId, modelId }: EditorTarget, edits: Drafts): SaveRequest[] {
  // The item's id, when there is one, is added by `owner-writes.ts`, which knows the item's procedures.
  const target = { organizationId, modelId };
  const details = new Map<string, DraftValue>();
  const values = new Map<string, DraftValue>();
  const body: TDataValue[] = [];
  for (const [key, value] of edits) {
    if (key === NAME_KEY || key === DESCRIPTION_KEY) {
      details.set(key, value);
      continue;
    }
    const triple = parseValueKey(key);
    if (!triple) continue;
    values.set(key, value);
    body.push({ ...triple, value });
  }
  const requests: SaveRequest[] = [];
  if (details.size > 0) {
    const patch = {
      ...(details.has(NAME_KEY) && { name: details.get(NAME_KEY) ?? "" }),
      ...(details.has(DESCRIPTION_KEY) && { description: details.get(DESCRIPTION_KEY) ?? "" }),
    };
    requests.push({ procedure: "models.update", sent: details, input: (ifMatch) => ({ ...target, ifMatch, patch }) });
  }
  if (body.length > 0) {
    requests.push({ procedure: "dataValues.modify", sent: values, input: (ifMatch) => ({ ...target, ifMatch, values: body }) });
  }
  return requests;
}

/** "Add row": the new row's values (`newRowValues`) at the model's current version. */
export function addRowInput({ organizationId, modelId }: EditorTarget, ifMatch: number, values: TDataValue[]): DataValuesInput {
  return { organizationId, modelId, ifMatch, values };
}

/** "Remove row": one row of a repeater at the model's current version. */
export function deleteRowInput(
  { organizationId, modelId }: EditorTarget,
  ifMatch: number,
  repeaterId: string,
  row: number,
): DeleteRowInput {
  return { organizationId, modelId, ifMatch, dataSectionId: repeaterId, row };
}
