import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { MAX_GRANT_DAYS, type TAccessGrantCreateRequest, type TAccessGrantCreated } from "~/domain/passport-schema";
import { inTransaction, type Tx } from "~/server/db/transaction";
import { assertMayDo } from "~/server/services/access";
import { findAccessGrants } from "~/server/services/access-grants/internal/access-grant-dto";
import { generateGrantToken, hashGrantToken } from "~/server/services/access-grants/internal/grant-token";
import { recordAuditEvent } from "~/server/services/audit/internal/record-audit-event";

export type CreateAccessGrantOptions = { actor: Actor; organizationId: string; modelId: string; input: TAccessGrantCreateRequest };

const DAY_MS = 86_400_000;

/**
 * Grants a named party access to the restricted fields up to `level` of the model's passports and its items' (or of
 * one of them, `passportUuid`) until `expiresAt` (docs/security.md §Access grants). Answers the secret token and the
 * link that carries it, once: only the token's hash is stored. For a model grant the link opens the model's passport,
 * and the same token opens every item's.
 */
export async function createAccessGrant({
  actor,
  organizationId,
  modelId,
  input,
}: CreateAccessGrantOptions): Promise<TAccessGrantCreated> {
  assertMayDo(actor, organizationId, "manageAccessGrants");
  const expiresAt = new Date(input.expiresAt);
  const now = Date.now();
  if (expiresAt.getTime() <= now || expiresAt.getTime() > now + MAX_GRANT_DAYS * DAY_MS) {
    throw new AppError("VALIDATION", `The grant must expire in the future and within ${MAX_GRANT_DAYS} days.`, [
      { path: "$.expiresAt", message: `Must lie in the future and within ${MAX_GRANT_DAYS} days` },
    ]);
  }
  const token = generateGrantToken();
  return inTransaction(async (tx) => {
    const model = await tx.model.findFirst({
      where: { id: modelId, organizationId },
      select: { uniqueProductIdentifiers: { select: { uuid: true }, orderBy: { createdAt: "asc" }, take: 1 } },
    });
    if (!model) throw new AppError("NOT_FOUND", "Model not found.");
    if (input.passportUuid !== undefined && !(await isPassportOfModel(tx, modelId, input.passportUuid))) {
      throw new AppError("VALIDATION", "passportUuid names no passport of this model or its items.", [
        { path: "$.passportUuid", message: "Must be the identifier uuid of this model or of one of its items" },
      ]);
    }
    const id = crypto.randomUUID();
    await tx.accessGrant.create({
      data: {
        id,
        organizationId,
        modelId,
        passportUuid: input.passportUuid ?? null,
        level: input.level,
        partyName: input.partyName,
        expiresAt,
        tokenHash: hashGrantToken(token),
        createdBy: actor.userId,
      },
    });
    const [grant] = await findAccessGrants(tx, { organizationId, modelId, grantId: id });
    if (!grant) throw new Error(`Access grant ${id} vanished inside its own transaction.`);
    const uuid = input.passportUuid ?? model.uniqueProductIdentifiers[0]?.uuid ?? "";
    const details = { modelId, partyName: input.partyName, level: input.level, expiresAt: expiresAt.toISOString() };
    await recordAuditEvent(tx, { organizationId, actor, type: "accessGrant.created", subject: id, details });
    return { ...grant, token, link: `/p/${uuid}?grant=${encodeURIComponent(token)}` };
  });
}

async function isPassportOfModel(tx: Tx, modelId: string, uuid: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ uuid: string }[]>`
    SELECT u."uuid"::text AS "uuid" FROM "unique_product_identifier" AS u LEFT JOIN "item" AS i ON i."id" = u."itemId"
    WHERE u."uuid" = ${uuid}::uuid AND u."retiredAt" IS NULL AND (u."modelId" = ${modelId}::uuid OR i."modelId" = ${modelId}::uuid)`;
  return rows.length > 0;
}
