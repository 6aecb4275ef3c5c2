import { readLanguageSettings } from "~/server/services/internal/organization-languages";
import { AppError, type Issue, moreIssuesSentence } from "~/domain/app-error";
import type { Actor } from "~/domain/actor";
import { aasShellId, aasSubmodelId, passportToAasEnvironment } from "~/domain/aas/export-environment";
import { aasMeta, type Jsonable } from "~/domain/aas/export-metadata";
import { templateIdShorts } from "~/domain/aas/id-short";
import { type JsonValue, valueOnlySubmodels } from "~/domain/aas/value-only";
import { valueOnlyPatchChanges } from "~/domain/aas/value-only-patch";
import type { TDppCreateRequest } from "~/domain/versions/dpp-create-request";
import type { TSection } from "~/domain/template-schema";
import { publicBaseUrl } from "~/server/config";
import { getDb } from "~/server/db/client";
import { assertMayDo } from "~/server/services/access";
import { ownerPassport } from "~/server/services/aas/internal/owner-passport";
import { applyDataChanges } from "~/server/services/data-values/apply-data-changes";
import { ownerLevel, type PassportDataOwner } from "~/server/services/internal/passport-data-owner";
import { createItem } from "~/server/services/items/create-item";
import { deleteItem } from "~/server/services/items/delete-item";
import { getItem } from "~/server/services/items/get-item";
import { createModel } from "~/server/services/models/create-model";
import { deleteModel } from "~/server/services/models/delete-model";
import { storedDataValue } from "~/domain/list-value";
import { getModel } from "~/server/services/models/get-model";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

/** The model or item a dppId names, for a member's write (docs/versions.md §DPP API writes). */
export type DppOwner = { dppId: string; organizationId: string; owner: PassportDataOwner };

/**
 * The live model or item a dppId (an identifier uuid in use) names. An unknown (or retired) id is 404; a DPP of an
 * organization the caller is not a member of is 403 — its published versions are public, so its existence is no
 * secret.
 */
export async function dppOwner(actor: Actor | null, dppId: string): Promise<DppOwner> {
  const [row] = await getDb().$queryRaw<
    { organizationId: string; modelId: string | null; itemId: string | null; itemModelId: string | null }[]
  >`
    SELECT u."organizationId", u."modelId"::text AS "modelId", u."itemId"::text AS "itemId", i."modelId"::text AS "itemModelId"
    FROM "unique_product_identifier" AS u LEFT JOIN "item" AS i ON i."id" = u."itemId"
    WHERE u."uuid" = ${dppId}::uuid AND u."retiredAt" IS NULL`;
  if (!row || (row.modelId === null && (row.itemId === null || row.itemModelId === null))) {
    throw new AppError("NOT_FOUND", "No DPP has this id.");
  }
  if (actor) assertMayDo(actor, row.organizationId, "writeData");
  const owner: PassportDataOwner =
    row.itemId !== null && row.itemModelId !== null
      ? { kind: "item", id: row.itemId, modelId: row.itemModelId }
      : { kind: "model", id: row.modelId! };
  return { dppId, organizationId: row.organizationId, owner };
}

export type DppCreated = { dppId: string; organizationId: string; modelId: string; itemId?: string; version: number };

/**
 * EN 18222 CreateDPP: an item of a model (`{organizationId, modelId, uniqueProductIdentifiers?}`, granularity Item)
 * or a model from a template (`{organizationId, model: {name, templateId, …}}`, granularity Model), through the
 * services the other routes use. The new passport's dppId is its first identifier's uuid.
 */
export async function createDpp({ actor, input }: { actor: Actor; input: TDppCreateRequest }): Promise<DppCreated> {
  const { organizationId } = input;
  if ("model" in input) {
    const model = await createModel({ actor, organizationId, input: input.model });
    return { dppId: firstUuid(model.uniqueProductIdentifiers), organizationId, modelId: model.id, version: model.version };
  }
  const { modelId, uniqueProductIdentifiers } = input;
  const item = await createItem({ actor, organizationId, modelId, input: { uniqueProductIdentifiers } });
  const dppId = firstUuid(item.uniqueProductIdentifiers);
  return { dppId, organizationId, modelId, itemId: item.id, version: item.version };
}

function firstUuid(identifiers: readonly { uuid: string }[]): string {
  const [first] = identifiers;
  if (!first) throw new Error("A new passport has no identifier.");
  return first.uuid;
}

/**
 * The working copy as a member sees it: the AAS environment of every field, its compressed content, and the owner's
 * version (its ETag). Read through the passport's cache, which every write advances, so a write shows at once.
 */
export async function workingCopy(
  dpp: DppOwner,
): Promise<{ environment: Jsonable; content: Record<string, JsonValue>; version: number }> {
  const { owner } = dpp;
  const [passport, version] = await Promise.all([ownerPassport(dpp.organizationId, owner), ownerVersion(owner)]);
  const environment = passportToAasEnvironment({ passport, level: "member", baseUrl: publicBaseUrl() });
  return { environment, content: valueOnlySubmodels(environment, "semanticId"), version };
}

async function ownerVersion(owner: PassportDataOwner): Promise<number> {
  const db = getDb();
  const row =
    owner.kind === "model"
      ? await db.model.findUnique({ where: { id: owner.id }, select: { version: true } })
      : await db.item.findUnique({ where: { id: owner.id }, select: { version: true } });
  if (!row) throw new AppError("NOT_FOUND", "No DPP has this id.");
  return row.version;
}

export type DppWorkingCopy = Record<string, JsonValue> & { digitalProductPassportId: string; version: number };

/**
 * EN 18222 UpdateDPPById: a JSON Merge Patch (RFC 7396) of the working copy's compressed form, mapped back to data
 * values (value-only-patch.ts) and written through the changes operation (the one write path: If-Match, history,
 * one transaction, all or nothing). Without If-Match the version read here is used, so a write in between is a 412
 * rather than a patch applied to a view that moved. Answers the working copy after the write.
 */
export async function patchDpp({
  actor,
  dpp,
  patch,
  ifMatch,
}: {
  actor: Actor;
  dpp: DppOwner;
  patch: unknown;
  ifMatch?: number;
}): Promise<DppWorkingCopy> {
  const { organizationId, owner } = dpp;
  const current =
    owner.kind === "model"
      ? await getModel({ actor, organizationId, modelId: owner.id })
      : await getItem({ actor, organizationId, modelId: owner.modelId, itemId: owner.id });
  const index = await loadTemplateIndex(getDb(), current.templateId);
  const sections = [...index.sections.values()].map((e) => e.section);
  const shellId =
    owner.kind === "model" ? aasShellId(publicBaseUrl(), owner.id) : aasShellId(publicBaseUrl(), owner.modelId, owner.id);
  const { changes, pathOf } = valueOnlyPatchChanges(patch, {
    index,
    level: ownerLevel(owner),
    ids: templateIdShorts(sections),
    submodelKey: (section: TSection) => firstKey(aasMeta(section.options).semanticId) ?? aasSubmodelId(shellId, section.id),
    current: current.dataValues.map(storedDataValue),
    defaultLanguage: (await readLanguageSettings(getDb(), organizationId)).defaultLanguage,
  });
  const hasChanges = changes.add.length + changes.modify.length + changes.deleteRows.length > 0;
  try {
    const written = hasChanges
      ? await applyDataChanges({ actor, organizationId, owner, changes, ifMatch: ifMatch ?? current.version })
      : current;
    if (!hasChanges && ifMatch !== undefined && ifMatch !== current.version) {
      throw new AppError("PRECONDITION_FAILED", "The DPP was changed since you read it: read it again (If-Match).");
    }
    const { content } = await workingCopy(dpp);
    return { digitalProductPassportId: dpp.dppId, version: written.version, ...content };
  } catch (error) {
    throw error instanceof AppError && error.issues ? withPatchPaths(error, pathOf) : error;
  }
}

/** The write's issues name the changes request (`$.add[3].value`); the caller sent a patch, so they name its paths. */
function withPatchPaths(error: AppError, pathOf: Map<string, string>): AppError {
  const issues = (error.issues ?? []).map((issue): Issue => {
    const match = /^(\$\.(?:add|modify|deleteRows)\[\d+\])/.exec(issue.path);
    const at = match?.[1] === undefined ? undefined : pathOf.get(match[1]);
    return at === undefined ? issue : { ...issue, path: at };
  });
  const more = error.moreIssues > 0 ? ` ${moreIssuesSentence(error.moreIssues)}` : "";
  const message = more && error.message.endsWith(more) ? error.message.slice(0, -more.length) : error.message;
  return new AppError(error.code, message, issues, undefined, issues.length + error.moreIssues);
}

function firstKey(reference: unknown): string | undefined {
  const keys = (reference as { keys?: unknown } | undefined)?.keys;
  const first: unknown = Array.isArray(keys) ? keys[0] : undefined;
  const value = (first as { value?: unknown } | undefined)?.value;
  return typeof value === "string" ? value : undefined;
}

/**
 * EN 18222 DeleteDPPById: deletes the model (with its items) or the item through their delete services. Its
 * published versions stay readable, withdrawn, for the retention period (docs/versions.md §Retention).
 */
export async function deleteDpp({ actor, dpp, ifMatch }: { actor: Actor; dpp: DppOwner; ifMatch?: number }): Promise<void> {
  const { organizationId, owner } = dpp;
  if (owner.kind === "model") return deleteModel({ actor, organizationId, modelId: owner.id, ifMatch });
  return deleteItem({ actor, organizationId, modelId: owner.modelId, itemId: owner.id, ifMatch });
}
