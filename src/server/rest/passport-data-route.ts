import type { z } from "zod";
import { changesValueCount, withChangeTriples, type ZItemChangesRequest, type ZModelChangesRequest } from "~/domain/data-changes";
import { withDataValueTriples, ZDataValuesRequest } from "~/domain/data-value";
import { ZDeleteRowQuery } from "~/domain/model-schema";
import { apiRoutes } from "~/server/rest/api-routes";
import { restRoute } from "~/server/rest/rest-route";
import { addDataValues } from "~/server/services/data-values/add-data-values";
import { applyDataChanges } from "~/server/services/data-values/apply-data-changes";
import { deleteRepeaterRow } from "~/server/services/data-values/delete-repeater-row";
import { modifyDataValues } from "~/server/services/data-values/modify-data-values";
import type { Actor } from "~/domain/actor";
import { assertDataValueCount, assertDataValueCountInText } from "~/server/services/data-values/assert-data-value-count";
import { assertOwnerInOrganization } from "~/server/services/data-values/assert-owner-in-organization";

type OwnerPath = { orgaId: string; modelId: string; itemId?: string };

/** The model or the item a data-values or changes path names. */
export function ownerOf(params: OwnerPath) {
  return params.itemId === undefined
    ? ({ kind: "model", id: params.modelId } as const)
    : ({ kind: "item", id: params.itemId, modelId: params.modelId } as const);
}

/** The owner in the path exists in the caller's organization: 403/404 before the body is read (restRoute's `preflight`). */
export function preflightOwner({ actor, params }: { actor: Actor; params: OwnerPath }): Promise<void> {
  return assertOwnerInOrganization({ actor, organizationId: params.orgaId, owner: ownerOf(params) });
}

/** The same for a write of readings, which a `readings` key may make (docs/readings.md). */
export function preflightReadingsOwner({ actor, params }: { actor: Actor; params: OwnerPath }): Promise<void> {
  return assertOwnerInOrganization({ actor, organizationId: params.orgaId, owner: ownerOf(params), operation: "writeReadings" });
}

/**
 * What every route writing a model's or an item's values checks around the body, the same for both kinds: the owner
 * in the path exists in the caller's organization (403/404 before the body is read), the body's count of values is
 * within the limit (413 before its schema checks each value; an array of values is counted in the text, before
 * it is parsed), and a schema issue names the value's triple. `body`
 * says which request it is: an array of values (POST and PATCH data-values), a changes request, or none (DELETE).
 */
export function passportDataChecks(body: "values" | "changes" | "none") {
  // Every such route is open to a partner organization's members, for the sections granted to them (docs/partners.md).
  const common = { preflight: preflightOwner, isOpenToPartners: true };
  if (body === "none") return common;
  if (body === "values") return { ...common, checkBodyText: assertDataValueCountInText, describeBodyIssues: withDataValueTriples };
  return {
    ...common,
    checkBody: (input: unknown) => assertDataValueCount(changesValueCount(input)),
    describeBodyIssues: withChangeTriples,
  };
}

/**
 * The routes of `…/data-values` for a model (`ZModelPath`) or an item (`ZItemPath`): the same rules and operations
 * for both, for the fields of the owner's level (docs/api.md §Items).
 */
export function dataValuesRoutes(path: string, params: z.ZodType<OwnerPath>) {
  return apiRoutes(path, {
    POST: restRoute({
      params,
      ...passportDataChecks("values"),
      body: ZDataValuesRequest,
      status: 201,
      run: ({ actor, params: path, body, ifMatch }) =>
        addDataValues({ actor, organizationId: path.orgaId, owner: ownerOf(path), values: body, ifMatch }),
    }),
    PATCH: restRoute({
      params,
      ...passportDataChecks("values"),
      body: ZDataValuesRequest,
      run: ({ actor, params: path, body, ifMatch }) =>
        modifyDataValues({ actor, organizationId: path.orgaId, owner: ownerOf(path), values: body, ifMatch }),
    }),
    DELETE: restRoute({
      params,
      ...passportDataChecks("none"),
      query: ZDeleteRowQuery,
      run: ({ actor, params: path, query, ifMatch }) =>
        deleteRepeaterRow({ actor, organizationId: path.orgaId, owner: ownerOf(path), ...query, ifMatch }),
    }),
  });
}

/** The route of `…/changes` for a model or an item; `body` is the owner's changes schema (an item has no details). */
export function changesRoutes(
  path: string,
  params: z.ZodType<OwnerPath>,
  body: typeof ZModelChangesRequest | typeof ZItemChangesRequest,
) {
  return apiRoutes(path, {
    POST: restRoute({
      params,
      ...passportDataChecks("changes"),
      body,
      run: ({ actor, params: path, body: changes, ifMatch }) =>
        applyDataChanges({ actor, organizationId: path.orgaId, owner: ownerOf(path), changes, ifMatch }),
    }),
  });
}
