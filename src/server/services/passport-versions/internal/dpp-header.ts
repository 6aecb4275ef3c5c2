import {
  economicOperatorIdOf,
  firstFacilityOf,
  storedOperatorIdentifiers,
  type TOperatorIdentifier,
} from "~/domain/operator-identifiers";
import { organizationDid } from "~/domain/versions/passport-credential";
import { publicBaseUrl } from "~/server/config";
import type { Tx } from "~/server/db/transaction";

/**
 * The DPP header's economic operator and facility (docs/versions.md §DPP API): the organization's economic operator
 * identifier (docs/registry.md), else its did:web, and the model's first facility identifier (else the organization's
 * first facility among its operator identifiers); and the organization's typed operator identifiers, when it has any.
 */
export type DppHeader = { economicOperatorId: string; facilityId?: string; operatorIdentifiers?: TOperatorIdentifier[] };

/**
 * The DPP header of each model as the EU registry settings say now: what a publication freezes into its versions,
 * and what versions published before the header was frozen answer (their settings read live). One query whatever
 * the number of models.
 */
export async function currentDppHeaders(db: Tx, organizationId: string, modelIds: readonly string[]): Promise<Map<string, DppHeader>> {
  const rows = await db.$queryRaw<
    { modelId: string; economicOperatorId: string | null; operatorIdentifiers: unknown; facilityIds: string[] | null }[]
  >`
    SELECT m."id"::text AS "modelId", o."economicOperatorId", o."operatorIdentifiers", r."facilityIds"
    FROM unnest(${[...new Set(modelIds)]}::uuid[]) AS m("id")
      LEFT JOIN "organization_registry" AS o ON o."organizationId" = ${organizationId}
      LEFT JOIN "model_registry" AS r ON r."modelId" = m."id"`;
  const did = organizationDid(publicBaseUrl(), organizationId);
  return new Map(
    rows.map((row) => {
      const operatorIdentifiers = storedOperatorIdentifiers(row.operatorIdentifiers);
      const facilityId = row.facilityIds?.[0] ?? firstFacilityOf(operatorIdentifiers);
      const header: DppHeader = {
        economicOperatorId: economicOperatorIdOf(row.economicOperatorId, operatorIdentifiers) ?? did,
        ...(facilityId !== undefined && { facilityId }),
        ...(operatorIdentifiers.length > 0 && { operatorIdentifiers }),
      };
      return [row.modelId, header];
    }),
  );
}
