import { AppError } from "~/domain/app-error";
import type { Tx } from "~/server/db/transaction";

/** The model must be the organization's: another organization's model is "not found", like a missing one. */
export async function assertModelVisible(db: Tx, organizationId: string, modelId: string): Promise<void> {
  const model = await db.model.findFirst({ where: { id: modelId, organizationId }, select: { id: true } });
  if (!model) throw new AppError("NOT_FOUND", "Model not found.");
}

/** The item must be the model's and the organization's; anything else is "not found". */
export async function assertItemVisible(db: Tx, { organizationId, modelId, itemId }: ItemRef): Promise<void> {
  const item = await db.item.findFirst({ where: { id: itemId, modelId, organizationId }, select: { id: true } });
  if (!item) throw new AppError("NOT_FOUND", "Item not found.");
}

export type ItemRef = { organizationId: string; modelId: string; itemId: string };
