import type { z } from "zod";
import { ownerOf, preflightOwner } from "~/server/rest/passport-data-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { restRoute } from "~/server/rest/rest-route";
import { publishPassportVersion } from "~/server/services/passport-versions/publish-passport-version";

type OwnerPath = { orgaId: string; modelId: string; itemId?: string };

/**
 * `POST …/passport-versions` of a model (`ZModelPath`) or an item (`ZItemPath`), the same for both
 * (docs/versions.md): publishes the next version, `201 {version, hash, previousHash, publishedAt}`; `If-Match` names
 * the version of the model or item that was reviewed.
 */
export function passportVersionRoutes(path: string, params: z.ZodType<OwnerPath>) {
  return apiRoutes(path, {
    POST: restRoute({
      params,
      preflight: preflightOwner,
      status: 201,
      run: ({ actor, params: path, ifMatch }) =>
        publishPassportVersion({ actor, organizationId: path.orgaId, owner: ownerOf(path), ifMatch }),
    }),
  });
}
