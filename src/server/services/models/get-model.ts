import { AppError } from "~/domain/app-error";
import type { TModel } from "~/domain/model-schema";
import type { Actor } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { assertMayDoOnModel } from "~/server/services/access";
import { cachedModel } from "~/server/services/models/internal/model-cache";
import { grantedValuesOnly } from "~/server/services/partner-grants/internal/granted-values";

export type GetModelOptions = { actor: Actor; organizationId: string; modelId: string };

/** The model with its values; a partner organization's member reads the values of the granted sections only. */
export async function getModel({ actor, organizationId, modelId }: GetModelOptions): Promise<TModel> {
  const partner = assertMayDoOnModel(actor, organizationId, modelId, "read");
  // One statement, so the version (ETag) always describes the values sent with it (see findModel); an unchanged
  // model is answered from the cache, which the database's epoch of the model validates on every read.
  const model = await cachedModel(modelId, organizationId);
  if (!model) throw new AppError("NOT_FOUND", "Model not found.");
  return grantedValuesOnly(getDb(), partner, model);
}
