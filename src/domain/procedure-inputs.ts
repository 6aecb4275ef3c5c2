import { z } from "zod";
import { MAX_ROW, ZDataValuesRequest } from "~/domain/data-value";
import { ZItemBulkCreateRequest, ZItemCreateRequest, ZItemListQuery } from "~/domain/item-schema";
import { ZModelCreateRequest, ZModelListQuery, ZModelUpdateRequest } from "~/domain/model-schema";
import { ZUuid } from "~/domain/uuid";

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

export const ZDataValuesInput = ZModelInput.extend({ ifMatch: ZVersion, values: ZDataValuesRequest });
export const ZDeleteRowInput = ZModelInput.extend({
  ifMatch: ZVersion,
  dataSectionId: ZUuid,
  row: z.number().int().min(0).max(MAX_ROW),
});

export const ZItemListInput = ZModelInput.extend({ query: ZItemListQuery.default({}) });
export const ZItemCreateInput = ZModelInput.extend({ item: ZItemCreateRequest.default({}) });
export const ZItemBulkCreateInput = ZModelInput.extend({ request: ZItemBulkCreateRequest });
export const ZItemInput = ZModelInput.extend({ itemId: ZUuid });
export const ZItemDataValuesInput = ZItemInput.extend({ ifMatch: ZVersion, values: ZDataValuesRequest });
export const ZItemDeleteRowInput = ZItemInput.extend({
  ifMatch: ZVersion,
  dataSectionId: ZUuid,
  row: z.number().int().min(0).max(MAX_ROW),
});
