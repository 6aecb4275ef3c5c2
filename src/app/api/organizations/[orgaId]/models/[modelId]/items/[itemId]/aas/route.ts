import { ZAasEnvironment, ZAasExportQuery } from "~/domain/aas/aas-schemas";
import { aasResponse } from "~/server/rest/aas-response";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZItemPath } from "~/server/rest/path-params";
import { exportAasEnvironment } from "~/server/services/aas/export-aas-environment";
import { importAasValues } from "~/server/services/aas/import-aas-values";
import { assertModelInOrganization } from "~/server/services/models/assert-model-in-organization";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: restRoute({
    params: ZItemPath,
    query: ZAasExportQuery,
    run: async ({ actor, params, query, headers }) => {
      const owner = { kind: "item", id: params.itemId, modelId: params.modelId } as const;
      const environment = await exportAasEnvironment({ actor, organizationId: params.orgaId, owner });
      return aasResponse(environment, query.format, headers, `item-${params.itemId}`);
    },
  }),
  PUT: restRoute({
    params: ZItemPath,
    preflight: ({ actor, params }) => assertModelInOrganization({ actor, organizationId: params.orgaId, modelId: params.modelId }),
    body: ZAasEnvironment,
    run: ({ actor, params, body, ifMatch }) =>
      importAasValues({
        actor,
        organizationId: params.orgaId,
        owner: { kind: "item", id: params.itemId, modelId: params.modelId },
        environment: body,
        ifMatch,
      }),
  }),
});
