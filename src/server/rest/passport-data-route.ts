import { changesValueCount, withChangeTriples } from "~/domain/data-changes";
import { withDataValueTriples } from "~/domain/data-value";
import type { Actor } from "~/domain/actor";
import { assertDataValueCount, assertDataValueCountOf } from "~/server/services/data-values/assert-data-value-count";
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

/**
 * What every route writing a model's or an item's values checks around the body, the same for both kinds: the owner
 * in the path exists in the caller's organization (403/404 before the body is read), the body's count of values is
 * within the limit (413 before its schema checks each value), and a schema issue names the value's triple. `body`
 * says which request it is: an array of values (POST and PATCH data-values), a changes request, or none (DELETE).
 */
export function passportDataChecks(body: "values" | "changes" | "none") {
  const preflight = preflightOwner;
  if (body === "none") return { preflight };
  if (body === "values") return { preflight, checkBody: assertDataValueCountOf, describeBodyIssues: withDataValueTriples };
  return {
    preflight,
    checkBody: (input: unknown) => assertDataValueCount(changesValueCount(input)),
    describeBodyIssues: withChangeTriples,
  };
}
