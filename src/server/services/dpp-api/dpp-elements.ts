import { AppError } from "~/domain/app-error";
import type { Actor } from "~/domain/actor";
import type { Jsonable } from "~/domain/aas/export-metadata";
import type { JsonValue } from "~/domain/aas/value-only";
import { type ElementStep, elementPatch, valueAt } from "~/domain/versions/dpp-writes";
import type { TAccessLevel } from "~/domain/passport-schema";
import { readDpp } from "~/server/services/dpp-api/read-dpp";
import { type DppOwner, dppOwner, patchDpp, workingCopy } from "~/server/services/dpp-api/write-dpp";

export type DppElementRead = {
  value: JsonValue;
  /** "member" for the working copy; else the published version's level, with its model for the cache's key. */
  accessLevel: TAccessLevel | "member";
  modelId: string;
  version: number;
};

const notFound = () => new AppError("NOT_FOUND", "No element of this DPP has this path.");

/**
 * EN 18222 ReadDataElement (docs/versions.md §DPP API writes): one element of a DPP by its idShort path, the first
 * step its submodel's idShort. A member of the DPP's organization reads the working copy; anyone else the latest
 * published version at their level (public, or a grant's), like GET /dpps/{dppId}. The path's first step is matched
 * with the model's current submodels, so an element of a deleted (withdrawn) DPP is not served here.
 */
export async function readDppElement(options: {
  actor: Actor | null;
  dppId: string;
  steps: readonly ElementStep[];
  grantToken?: string;
  clientAddress?: string | null;
}): Promise<DppElementRead> {
  const { actor, dppId, steps } = options;
  const dpp = await dppOwner(null, dppId);
  const modelId = dpp.owner.kind === "model" ? dpp.owner.id : dpp.owner.modelId;
  if (actor?.organizationIds.includes(dpp.organizationId)) {
    const copy = await workingCopy(dpp);
    const [key, rest] = contentKey(copy.environment, steps);
    const value = valueAt(copy.content[key], rest);
    if (value === undefined) throw notFound();
    return { value, accessLevel: "member", modelId, version: copy.version };
  }
  const published = await readDpp({ dppId, grantToken: options.grantToken, clientAddress: options.clientAddress });
  const [key, rest] = contentKey((await workingCopy(dpp)).environment, steps);
  // Read without a representation, the DPP is the compressed form: content keyed like the working copy's.
  const content: Record<string, unknown> = published.dpp;
  const value = valueAt(content[key] as JsonValue | undefined, rest);
  if (value === undefined) throw notFound();
  return { value, accessLevel: published.accessLevel, modelId, version: published.version };
}

/**
 * EN 18222 UpdateDataElement: a merge patch of one element of the working copy, sent as the merge patch of the DPP
 * that reaches it (a row of a repeater sends the repeater's rows whole, the row patched). Answers the element after
 * the write.
 */
export async function patchDppElement(options: {
  actor: Actor;
  dpp: DppOwner;
  steps: readonly ElementStep[];
  body: JsonValue;
  ifMatch?: number;
}): Promise<{ value: JsonValue; version: number }> {
  const { actor, dpp, steps, body, ifMatch } = options;
  const copy = await workingCopy(dpp);
  const [key, rest] = contentKey(copy.environment, steps);
  const patch = { [key]: elementPatch(copy.content[key], rest, body) };
  const written = await patchDpp({ actor, dpp, patch, ifMatch });
  return { value: valueAt(written[key], rest) ?? null, version: written.version };
}

/** The compressed form's key of the submodel the first step names by idShort (its semanticId, else its id). */
function contentKey(environment: Jsonable, steps: readonly ElementStep[]): [string, ElementStep[]] {
  const [first, ...rest] = steps;
  const submodels = Array.isArray(environment.submodels) ? (environment.submodels as Jsonable[]) : [];
  const submodel = submodels.find((s) => s.idShort === first);
  if (!submodel) throw notFound();
  const keys = (submodel.semanticId as { keys?: { value?: unknown }[] } | undefined)?.keys;
  const semanticId = keys?.[0]?.value;
  const key = typeof semanticId === "string" ? semanticId : submodel.id;
  if (typeof key !== "string") throw notFound();
  return [key, rest];
}
