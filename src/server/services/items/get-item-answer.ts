import { AppError } from "~/domain/app-error";
import type { JsonAnswer } from "~/domain/json-answer";
import { getDb } from "~/server/db/client";
import { jsonAnswer } from "~/server/services/internal/owner-answer";
import { assertMayDoOnModel } from "~/server/services/access";
import type { GetItemOptions } from "~/server/services/items/get-item";
import { findItemAnswer } from "~/server/services/items/internal/item-dto";

export type GetItemAnswerOptions = GetItemOptions;

/**
 * getItem's answer as JSON text written by the database, in one statement (so values and version agree): byte for
 * byte `JSON.stringify(await getItem(…))`. A partner organization's member reads the values of the granted sections
 * only.
 */
export async function getItemAnswer({ actor, organizationId, modelId, itemId }: GetItemAnswerOptions): Promise<JsonAnswer> {
  const partner = assertMayDoOnModel(actor, organizationId, modelId, "read");
  const parts = await findItemAnswer(getDb(), itemId, { modelId, organizationId, partner });
  if (!parts) throw new AppError("NOT_FOUND", "Item not found.");
  return jsonAnswer(parts);
}
