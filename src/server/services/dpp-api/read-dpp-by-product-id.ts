import { AppError } from "~/domain/app-error";
import { dppIdsOf } from "~/server/services/dpp-api/find-dpp-ids";
import { type DppRead, readDpp } from "~/server/services/dpp-api/read-dpp";

export type ReadDppByProductIdOptions = { productId: string; grantToken?: string; clientAddress?: string | null };

/**
 * EN 18222 ReadDPPByProductId: the DPP the product identifier names (a Digital Link URI, a page URL or an identifier
 * value). A GS1 key names only the passport of the organization whose verified company prefix covers it, as the
 * resolver does (`passportOfGs1Key`), and none while that one is not published; when several organizations use
 * another value, the first identifier created answers.
 */
export async function readDppByProductId({ productId, ...reader }: ReadDppByProductIdOptions): Promise<DppRead> {
  const [dppId] = (await dppIdsOf([productId])).get(productId) ?? [];
  if (!dppId) throw new AppError("NOT_FOUND", "No published DPP has this product identifier.");
  return readDpp({ dppId, ...reader });
}
