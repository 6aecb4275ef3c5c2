import { AppError } from "~/domain/app-error";
import type { JsonAnswer } from "~/domain/json-answer";
import { getDb } from "~/server/db/client";
import { jsonAnswer } from "~/server/services/internal/owner-answer";
import { assertMayDoOnModel } from "~/server/services/access";
import type { GetModelOptions } from "~/server/services/models/get-model";
import { findModelAnswer } from "~/server/services/models/internal/model-dto";

export type GetModelAnswerOptions = GetModelOptions;

/**
 * getModel's answer as JSON text written by the database (the REST read of a model, whose answer of 100,000 values
 * the app neither parses nor serializes): byte for byte `JSON.stringify(await getModel(…))`. A partner
 * organization's member reads the values of the granted sections only.
 */
export async function getModelAnswer({ actor, organizationId, modelId }: GetModelAnswerOptions): Promise<JsonAnswer> {
  const partner = assertMayDoOnModel(actor, organizationId, modelId, "read");
  const parts = await findModelAnswer(getDb(), modelId, { organizationId, partner });
  if (!parts) throw new AppError("NOT_FOUND", "Model not found.");
  return jsonAnswer(parts);
}
