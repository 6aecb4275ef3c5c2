import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { hotStatement } from "~/server/db/hot-statement";
import { assertMayDo, assertMayDoOnModel, type Operation } from "~/server/services/access";
import type { PassportDataOwner } from "~/server/services/internal/passport-data-owner";

export type AssertOwnerInOrganizationOptions = {
  actor: Actor;
  organizationId: string;
  owner: PassportDataOwner;
  /** What the request will write: values by default, or readings (which a `readings` key may write). */
  operation?: Extract<Operation, "writeData" | "writeReadings">;
};

/**
 * The caller is a member of the organization whose role writes data, or a partner's such member with a grant on the
 * model (403, docs/security.md §Roles) and the model or
 * item is one of its own (404) — what a write of passport data checks before its body is read, so a made-up or
 * foreign id costs one indexed lookup, not a parse of 32 MB. The write itself checks both again under its row lock
 * (`writePassportData`).
 */
export async function assertOwnerInOrganization({
  actor,
  organizationId,
  owner,
  operation = "writeData",
}: AssertOwnerInOrganizationOptions): Promise<void> {
  // Readings are the owner's members' alone; values are open to a partner's grant (docs/partners.md).
  if (operation === "writeReadings") assertMayDo(actor, organizationId, operation);
  else assertMayDoOnModel(actor, organizationId, owner.kind === "item" ? owner.modelId : owner.id, operation);
  if (owner.kind === "model") {
    const [model] = await findModel([owner.id, organizationId]);
    if (!model) throw new AppError("NOT_FOUND", "Model not found.");
    return;
  }
  const [item] = await findItem([owner.id, owner.modelId, organizationId]);
  if (!item) throw new AppError("NOT_FOUND", "Item not found.");
}

// Every write of passport data runs one of these before its body is read, outside its transaction: statements
// prepared once (hot-statement.ts), not Prisma's per-query work (bench:profile, README §Performance). The same
// conditions and answers as find-item.ts's assertModelVisible and assertItemVisible, which run inside transactions.
const findModel = hotStatement<{ id: string }>(
  "owner_model_visible",
  `SELECT "id"::text AS "id" FROM "model" WHERE "id" = $1::uuid AND "organizationId" = $2 LIMIT 1`,
);
const findItem = hotStatement<{ id: string }>(
  "owner_item_visible",
  `SELECT "id"::text AS "id" FROM "item" WHERE "id" = $1::uuid AND "modelId" = $2::uuid AND "organizationId" = $3 LIMIT 1`,
);
