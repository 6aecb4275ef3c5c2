import { ZUniqueProductIdentifierQuery } from "~/domain/item-schema";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZOrgPath } from "~/server/rest/path-params";
import { findIdentifiers } from "~/server/services/identifiers/find-identifiers";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/unique-product-identifiers", {
  GET: restRoute({
    params: ZOrgPath,
    query: ZUniqueProductIdentifierQuery,
    run: ({ actor, params, query }) => findIdentifiers({ actor, organizationId: params.orgaId, value: query.value }),
  }),
});
