import { inDefaultLanguage } from "~/domain/languages/value-languages";
import { readLanguageSettings } from "~/server/services/internal/organization-languages";
import { jsonization, verification } from "@aas-core-works/aas-core3.0-typescript";
import { AppError, type Issue, MAX_ISSUES } from "~/domain/app-error";
import type { Actor } from "~/domain/actor";
import type { Jsonable } from "~/domain/aas/export-metadata";
import { aasValuesFor, type ImportedValue, type UnmatchedElement } from "~/domain/aas/import-values";
import { aasValueChanges } from "~/domain/aas/aas-value-changes";
import { getDb } from "~/server/db/client";
import { assertMayDo } from "~/server/services/access";
import { applyDataChanges } from "~/server/services/data-values/apply-data-changes";
import { ownerLevel, type PassportDataOwner, type PassportDataOwnerDtos } from "~/server/services/internal/passport-data-owner";
import { getItem } from "~/server/services/items/get-item";
import { storedDataValue } from "~/domain/list-value";
import { getModel } from "~/server/services/models/get-model";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

export type ImportAasValuesOptions<O extends PassportDataOwner> = {
  actor: Actor;
  organizationId: string;
  owner: O;
  /** An AAS V3.0 environment (JSON), e.g. one our export wrote and a client filled. */
  environment: unknown;
  ifMatch?: number;
};

export type ImportAasValuesResult<O extends PassportDataOwner> = PassportDataOwnerDtos[O["kind"]] & {
  unmatched: UnmatchedElement[];
  /** How many more elements could not be placed than `unmatched` lists (it lists at most MAX_UNMATCHED). */
  moreUnmatched: number;
};

/**
 * Sets a model's or an item's values from an AAS environment (docs/aas.md §Importing values). The input must
 * deserialise and verify with the reference library (400 listing at most MAX_ISSUES findings); its submodels are
 * matched to the template by semanticId, then idShort; nothing matching at all is a 400. The values go through the
 * changes operation (`applyDataChanges`, the one write path: If-Match, history, one transaction); a repeater the
 * environment gives gets exactly the environment's rows. Without If-Match the version read here is used, so a write
 * in between is a 412 rather than rows replaced on a stale view. Elements that matched nothing are answered.
 */
export async function importAasValues<O extends PassportDataOwner>({
  actor,
  organizationId,
  owner,
  environment,
  ifMatch,
}: ImportAasValuesOptions<O>): Promise<ImportAasValuesResult<O>> {
  assertMayDo(actor, organizationId, "writeData");
  const verified = verifiedEnvironment(environment);
  const current =
    owner.kind === "model"
      ? await getModel({ actor, organizationId, modelId: owner.id })
      : await getItem({ actor, organizationId, modelId: owner.modelId, itemId: owner.id });
  const index = await loadTemplateIndex(getDb(), current.templateId);
  const imported = aasValuesFor(verified, index, ownerLevel(owner));
  if (imported.matchedCount === 0) {
    const issues = imported.unmatched.map(({ path, reason }): Issue => ({ path, message: reason }));
    const message = "Nothing in the environment matches the template of this passport.";
    throw new AppError("VALIDATION", message, issues, undefined, imported.unmatchedCount);
  }
  if (imported.invalidLanguageCount > 0) {
    const count = imported.invalidLanguageCount;
    const message = "A MultiLanguageProperty value names a language that cannot be stored.";
    throw new AppError("VALIDATION", message, imported.invalidLanguages, undefined, count);
  }
  // A multilingual field's value without a language (from a Property, or an empty MultiLanguageProperty) is the
  // default language's, as the write path would resolve it; resolved here so it meets the stored value it replaces.
  const { defaultLanguage } = await readLanguageSettings(getDb(), organizationId);
  const resolve = (values: readonly ImportedValue[]) => inDefaultLanguage(index, values, defaultLanguage);
  const resolved = {
    values: resolve(imported.values),
    repeaters: new Map([...imported.repeaters].map(([id, r]) => [id, { ...r, values: resolve(r.values) }])),
  };
  const changes = aasValueChanges(resolved, current.dataValues.map(storedDataValue), index);
  const dto = await applyDataChanges({ actor, organizationId, owner, changes, ifMatch: ifMatch ?? current.version });
  return { ...dto, unmatched: imported.unmatched, moreUnmatched: imported.unmatchedCount - imported.unmatched.length };
}

function verifiedEnvironment(input: unknown): Jsonable {
  const parsed = jsonization.environmentFromJsonable(input as jsonization.JsonValue);
  if (parsed.error !== null) {
    const issue = { path: `$${parsed.error.path.toString()}`, message: parsed.error.message };
    throw new AppError("VALIDATION", `The AAS environment cannot be read: ${parsed.error.message}`, [issue]);
  }
  const issues: Issue[] = [];
  let count = 0;
  for (const error of verification.verify(parsed.mustValue())) {
    if (count++ < MAX_ISSUES) issues.push({ path: `$${error.path.toString()}`, message: error.message });
  }
  if (count > 0) throw new AppError("VALIDATION", "The AAS environment does not verify (AAS V3.0).", issues, undefined, count);
  return input as Jsonable;
}
