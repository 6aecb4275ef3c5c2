import { z } from "zod";
import type { TOperatorIdentifier } from "~/domain/operator-identifiers";
import { passportGranularity, productIdentifierUri } from "~/domain/product-identifier-uri";
import type { PassportCredential } from "~/domain/versions/passport-credential";

/**
 * A published passport version as a Digital Product Passport of EN 18223 in its **compressed** form, as the IDTA
 * DPP annex (IDTA-01002-3, annex "dpp") composes it: the header is the value-only form of the DppMetadata submodel
 * (IDTA 02099-1: `digitalProductPassportId`, `uniqueProductIdentifier`, `granularity`, `dppSchemaVersion`,
 * `dppStatus`, `lastUpdate`, `economicOperatorId`, `facilityId`, `contentSpecificationIds`), then each content
 * submodel's value-only form keyed by its semanticId (the frozen `aasValueOnly`). Pure; docs/versions.md §DPP API.
 */

/** The DppMetadata template's version (IDTA 02099-1 v1.0.1) whose header this document follows. */
export const DPP_SCHEMA_VERSION = "1.0.1";

export type DppContext = {
  dppId: string;
  baseUrl: string;
  /** Set once the model or item was deleted: the DPP is then "Inactive". */
  isWithdrawn: boolean;
  /** The economic operator's identifier (EORI, LEI …), else the organization's did:web. */
  economicOperatorId: string;
  facilityId?: string;
  /** The organization's typed operator identifiers, as frozen with the version (docs/registry.md). */
  operatorIdentifiers?: readonly TOperatorIdentifier[];
};

/** The DppMetadata header both forms start with. */
export type DppHeader = {
  digitalProductPassportId: string;
  uniqueProductIdentifier: string;
  granularity: "Model" | "Batch" | "Item";
  dppSchemaVersion: string;
  dppStatus: "Active" | "Inactive";
  lastUpdate: string;
  economicOperatorId: string;
  contentSpecificationIds: string[];
  facilityId?: string;
  /** The model's commodity code, from the frozen passport (docs/registry.md): the registry record's. */
  commodityCode?: string;
  operatorIdentifiers?: readonly TOperatorIdentifier[];
};

/** The compressed form: the header, then each content submodel's value-only form keyed by its semanticId. */
export type CompressedDpp = Record<string, unknown> & DppHeader;

export function compressedDpp(credential: PassportCredential, context: DppContext): CompressedDpp {
  return { ...dppHeader(credential, context), ...credential.credentialSubject.aasValueOnly };
}

/**
 * The **full** (expanded) form, `?representation=full`: the same DppMetadata header, then the version's content
 * submodels in the AAS's own JSON serialisation (AAS Part 2 "normal", not value-only) under `submodels` — the AAS of
 * the version at the reader's level (docs/versions.md §The AAS of a published version), so a client reads each
 * element's idShort, semanticId and valueType, which the compressed form leaves out.
 */
export function fullDpp(credential: PassportCredential, context: DppContext, submodels: readonly unknown[]): FullDpp {
  return { ...dppHeader(credential, context), submodels };
}

export type FullDpp = DppHeader & { submodels: readonly unknown[] };

function dppHeader(credential: PassportCredential, context: DppContext): DppHeader {
  const { passport, aasValueOnly } = credential.credentialSubject;
  const contentSpecificationIds = Object.keys(aasValueOnly);
  return {
    digitalProductPassportId: context.dppId,
    // The one product URI every door names (the AAS globalAssetId, the registry's upi), of the frozen passport.
    uniqueProductIdentifier: productIdentifierUri(passport, context.baseUrl),
    // As the registry record says it: a lot-keyed item's passport describes its batch.
    granularity: passportGranularity(passport),
    dppSchemaVersion: DPP_SCHEMA_VERSION,
    dppStatus: context.isWithdrawn ? "Inactive" : "Active",
    lastUpdate: credential.validFrom,
    economicOperatorId: context.economicOperatorId,
    ...(context.facilityId !== undefined && { facilityId: context.facilityId }),
    ...(passport.commodityCode !== undefined && { commodityCode: passport.commodityCode }),
    ...(context.operatorIdentifiers?.length && { operatorIdentifiers: context.operatorIdentifiers }),
    contentSpecificationIds,
  };
}

/** `?representation=`: `compressed` (the default) or `full` (docs/versions.md §DPP API). */
export const ZDppReadQuery = z.object({
  representation: z.enum(["compressed", "full"], { error: 'representation must be "compressed" or "full"' }).optional(),
  grant: z.string().max(200).optional(),
});

/**
 * The instants a database timestamp holds: ISO 8601 allows the year 0000 (and an offset can carry 0001 into it), which
 * PostgreSQL has no timestamp for, so such a date is refused here (400), never passed on to fail there.
 */
const FIRST_INSTANT = Date.parse("0001-01-01T00:00:00Z");

export const ZDppByDateQuery = ZDppReadQuery.extend({
  date: z.iso
    .datetime({ offset: true, error: "date must be an ISO 8601 date and time, e.g. 2026-11-27T10:00:00Z" })
    .refine((date) => Date.parse(date) >= FIRST_INSTANT, "date must be in the year 0001 or later"),
});

export const ZDppIdPath = z.object({ dppId: z.uuid({ error: "dppId must be a passport's uuid" }) });
export const ZDppProductIdPath = z.object({ productId: z.string().min(1).max(2000) });

export const MAX_PRODUCT_IDS = 100;

export const ZDppsByProductIdsRequest = z.strictObject({
  productIds: z.array(z.string().min(1).max(2000)).min(1).max(MAX_PRODUCT_IDS),
  limit: z.number().int().min(1).max(MAX_PRODUCT_IDS).optional(),
  /** The `paging_metadata.cursor` of the previous page. */
  cursor: z.string().max(20).optional(),
});

/** The AAS API's paged result shape: `{result, paging_metadata: {cursor?}}`. */
export const ZDppIdsPage = z.object({
  result: z.array(z.object({ productId: z.string(), dppIds: z.array(z.string()) })),
  paging_metadata: z.object({ cursor: z.string().optional() }),
});

export const ZCompressedDpp = z.looseObject({
  digitalProductPassportId: z.string(),
  uniqueProductIdentifier: z.string().meta({
    description:
      "The product's one URI, as the AAS shell's `globalAssetId` and the EU registry record's `upi` name it: the GS1 Digital Link " +
      "URI of a GS1 key (or of a model's GTIN), else the passport's page URL `{PUBLIC_BASE_URL}/p/{uuid}`.",
  }),
  granularity: z.string(),
  dppSchemaVersion: z.string(),
  dppStatus: z.string(),
  lastUpdate: z.string(),
  economicOperatorId: z.string(),
  facilityId: z.string().optional(),
  commodityCode: z.string().optional().meta({
    description:
      "The model's commodity code (HS, CN or TARIC), as its EU registry record names it; frozen with the version. Absent when none is set.",
  }),
  operatorIdentifiers: z
    .array(z.looseObject({ role: z.string(), scheme: z.string(), value: z.string() }))
    .optional()
    .meta({
      description:
        "The organization's typed operator identifiers (manufacturer, importer, responsibleOperator, facility), frozen at publication.",
    }),
  contentSpecificationIds: z.array(z.string()),
});

export type TDppsByProductIdsRequest = z.infer<typeof ZDppsByProductIdsRequest>;
export type TDppIdsPage = z.infer<typeof ZDppIdsPage>;
