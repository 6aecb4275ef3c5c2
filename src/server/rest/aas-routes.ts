import type { z } from "zod";
import { ZAasEnvironment, ZAasExportQuery } from "~/domain/aas/aas-schemas";
import { aasResponse } from "~/server/rest/aas-response";
import { ownerOf, preflightOwner } from "~/server/rest/passport-data-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { restRoute } from "~/server/rest/rest-route";
import { exportAasEnvironment } from "~/server/services/aas/export-aas-environment";
import { importAasValues } from "~/server/services/aas/import-aas-values";

type OwnerPath = { orgaId: string; modelId: string; itemId?: string };

/**
 * The routes of `…/aas` for a model (`ZModelPath`) or an item (`ZItemPath`), the same for both (docs/aas.md): GET
 * exports the owner's passport as an AAS environment (JSON, or an AASX package), PUT sets its values from one.
 */
export function aasRoutes(path: string, params: z.ZodType<OwnerPath>) {
  return apiRoutes(path, {
    GET: restRoute({
      params,
      query: ZAasExportQuery,
      run: async ({ actor, params: path, query, headers }) =>
        aasResponse(await exportAasEnvironment({ actor, organizationId: path.orgaId, owner: ownerOf(path) }), query.format, headers),
    }),
    PUT: restRoute({
      params,
      preflight: preflightOwner,
      body: ZAasEnvironment,
      run: ({ actor, params: path, body, ifMatch }) =>
        importAasValues({ actor, organizationId: path.orgaId, owner: ownerOf(path), environment: body, ifMatch }),
    }),
  });
}
