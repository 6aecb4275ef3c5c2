import { AppError } from "~/domain/app-error";
import type { AssembledPassport } from "~/domain/passport";
import { getDb } from "~/server/db/client";
import type { PassportDataOwner } from "~/server/services/internal/passport-data-owner";
import { loadPassport } from "~/server/services/passports/internal/load-passport";
import { cachedPassport } from "~/server/services/passports/internal/passport-cache";

/**
 * The assembled passport of a model or an item of the organization, through the passport's own read path and cache
 * (read-passport.ts): the owner's first identifier in use opens it. Another organization's model, or one without an
 * identifier in use, is not found.
 */
export async function ownerPassport(organizationId: string, owner: PassportDataOwner): Promise<AssembledPassport> {
  const modelId = owner.kind === "model" ? owner.id : owner.modelId;
  const identifier = await getDb().uniqueProductIdentifier.findFirst({
    where: {
      organizationId,
      retiredAt: null,
      ...(owner.kind === "model" ? { modelId: owner.id } : { itemId: owner.id, item: { modelId } }),
    },
    orderBy: { createdAt: "asc" },
    select: { uuid: true },
  });
  const noun = owner.kind === "model" ? "Model" : "Item";
  if (!identifier) throw new AppError("NOT_FOUND", `${noun} not found.`);
  const entry = await cachedPassport(identifier.uuid, () => loadPassport(identifier.uuid));
  if (!entry || entry.organizationId !== organizationId || entry.modelId !== modelId) {
    throw new AppError("NOT_FOUND", `${noun} not found.`);
  }
  return entry.assembled;
}
