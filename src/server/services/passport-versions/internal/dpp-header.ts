import { organizationDid } from "~/domain/versions/passport-credential";
import { publicBaseUrl } from "~/server/config";
import type { Tx } from "~/server/db/transaction";

/**
 * The DPP header's economic operator and facility (docs/versions.md §DPP API): the organization's economic operator
 * identifier (docs/registry.md), else its did:web, and the model's first facility identifier when it has one.
 */
export type DppHeader = { economicOperatorId: string; facilityId?: string };

/**
 * The DPP header of each model as the EU registry settings say now: what a publication freezes into its versions,
 * and what versions published before the header was frozen answer (their settings read live). One query whatever
 * the number of models.
 */
export async function currentDppHeaders(db: Tx, organizationId: string, modelIds: readonly string[]): Promise<Map<string, DppHeader>> {
  const rows = await db.$queryRaw<{ modelId: string; economicOperatorId: string | null; facilityIds: string[] | null }[]>`
    SELECT m."id"::text AS "modelId", o."economicOperatorId", r."facilityIds"
    FROM unnest(${[...new Set(modelIds)]}::uuid[]) AS m("id")
      LEFT JOIN "organization_registry" AS o ON o."organizationId" = ${organizationId}
      LEFT JOIN "model_registry" AS r ON r."modelId" = m."id"`;
  const did = organizationDid(publicBaseUrl(), organizationId);
  return new Map(
    rows.map((row) => {
      const facilityId = row.facilityIds?.[0];
      return [row.modelId, { economicOperatorId: row.economicOperatorId ?? did, ...(facilityId !== undefined && { facilityId }) }];
    }),
  );
}
