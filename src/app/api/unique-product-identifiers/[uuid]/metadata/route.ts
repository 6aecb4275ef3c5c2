import { publicRoute } from "~/server/rest/public-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZPublicIdentifierPath } from "~/server/rest/path-params";
import { getIdentifierMetadata } from "~/server/services/identifiers/get-identifier-metadata";

/** Public: a passport viewer reads which organization an identifier belongs to without a key. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/unique-product-identifiers/{uuid}/metadata", {
  GET: publicRoute({
    params: ZPublicIdentifierPath,
    run: ({ params }) => getIdentifierMetadata({ uuid: params.uuid }),
  }),
});
