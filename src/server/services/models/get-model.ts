import { AppError } from "~/domain/app-error";
import type { TModel } from "~/domain/model-schema";
import type { Actor } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import { findModel } from "~/server/services/models/internal/model-dto";

export type GetModelOptions = { actor: Actor; organizationId: string; modelId: string };

export async function getModel({ actor, organizationId, modelId }: GetModelOptions): Promise<TModel> {
  assertMemberOf(actor, organizationId);
  // One statement, so the version (ETag) always describes the values sent with it (see findModel).
  const model = await findModel(getDb(), modelId, organizationId);
  if (!model) throw new AppError("NOT_FOUND", "Model not found.");
  return model;
}
