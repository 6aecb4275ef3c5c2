import { ZLanguageSettingsUpdate } from "~/domain/languages/language";
import { z } from "zod";
import { ZItemChangesRequest, ZModelChangesRequest } from "~/domain/data-changes";
import { MAX_ROW, ZDataValuesRequest } from "~/domain/data-value";
import { MAX_VALUE_KEYS, ZHistoryQuery, ZValueKey } from "~/domain/history";
import { ZIdentifierValue, ZItemBulkCreateRequest, ZItemCreateRequest, ZItemListQuery } from "~/domain/item-schema";
import { ZModelCreateRequest, ZModelDuplicateRequest, ZModelListQuery, ZModelUpdateRequest } from "~/domain/model-schema";
import { ZAccessGrantCreateRequest } from "~/domain/passport-schema";
import { ZPartnerGrantCreateRequest } from "~/domain/partner-grant";
import { ZPassportRetentionYears } from "~/domain/organization-settings";
import { ZOrganizationRegistryUpdate } from "~/domain/registry-settings";
import { ZUuid } from "~/domain/uuid";
import { ZDidWebDomain } from "~/domain/versions/did-web";

/**
 * Inputs of the tRPC procedures for product data: the REST contract's bodies, wrapped with the ids REST carries in
 * its path and the version REST carries in If-Match. The bodies are the very schemas REST parses with.
 */

const ZVersion = z.number().int().min(1).optional();

export const ZOrgInput = z.object({ organizationId: ZUuid });
export const ZTemplateInput = z.object({ organizationId: ZUuid, templateId: ZUuid });
export const ZProductDataModelInput = z.object({ productDataModelId: ZUuid });
export const ZModelInput = z.object({ organizationId: ZUuid, modelId: ZUuid });

export const ZModelListInput = z.object({ organizationId: ZUuid, query: ZModelListQuery.default({}) });
export const ZModelCreateInput = z.object({ organizationId: ZUuid, model: ZModelCreateRequest });
export const ZModelUpdateInput = ZModelInput.extend({ ifMatch: ZVersion, patch: ZModelUpdateRequest });
export const ZModelDeleteInput = ZModelInput.extend({ ifMatch: ZVersion });
export const ZModelDuplicateInput = ZModelInput.extend({ copy: ZModelDuplicateRequest.default({}) });

export const ZDataValuesInput = ZModelInput.extend({ ifMatch: ZVersion, values: ZDataValuesRequest });
export const ZDeleteRowInput = ZModelInput.extend({
  ifMatch: ZVersion,
  dataSectionId: ZUuid,
  row: z.number().int().min(0).max(MAX_ROW),
});

export const ZModelChangesInput = ZModelInput.extend({ ifMatch: ZVersion, changes: ZModelChangesRequest });

export const ZItemListInput = ZModelInput.extend({ query: ZItemListQuery.default({}) });
export const ZItemCreateInput = ZModelInput.extend({ item: ZItemCreateRequest.default({}) });
export const ZItemBulkCreateInput = ZModelInput.extend({ request: ZItemBulkCreateRequest });
export const ZItemInput = ZModelInput.extend({ itemId: ZUuid });
/** One more identifier for an existing item (a GS1 key in any form it is written in, or any other value). */
export const ZItemIdentifierAddInput = ZItemInput.extend({ value: ZIdentifierValue });
export const ZItemDataValuesInput = ZItemInput.extend({ ifMatch: ZVersion, values: ZDataValuesRequest });
export const ZItemDeleteRowInput = ZItemInput.extend({
  ifMatch: ZVersion,
  dataSectionId: ZUuid,
  row: z.number().int().min(0).max(MAX_ROW),
});
export const ZItemChangesInput = ZItemInput.extend({ ifMatch: ZVersion, changes: ZItemChangesRequest });

export const ZModelHistoryInput = ZModelInput.extend({ query: ZHistoryQuery.default({}) });
export const ZItemHistoryInput = ZItemInput.extend({ query: ZHistoryQuery.default({}) });
/** The values of a model (no itemId) or of an item whose latest changes the editor shows beside a conflict. */
export const ZLatestValueChangesInput = ZModelInput.extend({
  itemId: ZUuid.optional(),
  keys: z.array(ZValueKey).max(MAX_VALUE_KEYS),
});
export const ZAccessGrantCreateInput = ZModelInput.extend({ grant: ZAccessGrantCreateRequest });
export const ZAccessGrantInput = ZModelInput.extend({ grantId: ZUuid });

export const ZPartnerGrantCreateInput = ZModelInput.extend({ grant: ZPartnerGrantCreateRequest });
export const ZPartnerGrantInput = ZModelInput.extend({ grantId: ZUuid });

/** The organization's EU registry settings (docs/registry.md), as the REST PATCH takes them, with the organization. */
export const ZOrganizationRegistryInput = ZOrganizationRegistryUpdate.extend({ organizationId: ZUuid });
export const ZOrganizationLanguagesInput = ZLanguageSettingsUpdate.extend({ organizationId: ZUuid });

/** The retention period of the organization's withdrawn passport versions (docs/versions.md §Retention). */
export const ZOrganizationRetentionInput = z.strictObject({
  organizationId: ZUuid,
  passportRetentionYears: ZPassportRetentionYears,
});

/** Whether members need a second factor to act on the organization (docs/security.md §Two-factor). */
export const ZOrganizationTwoFactorInput = z.strictObject({ organizationId: ZUuid, requireTwoFactor: z.boolean() });

/**
 * The domain the organization signs its versions under (docs/versions.md §Signing identity), null for the app's own
 * did:web: the very schema the REST PATCH's `didWebDomain` is checked with.
 */
export const ZOrganizationSigningDomainInput = z.strictObject({ organizationId: ZUuid, didWebDomain: ZDidWebDomain.nullable() });

// ---- Published passport versions (docs/versions.md) ----
export const ZPublishModelVersionInput = ZModelInput.extend({ ifMatch: ZVersion.optional() });
export const ZPublishItemVersionInput = ZItemInput.extend({ ifMatch: ZVersion.optional() });
