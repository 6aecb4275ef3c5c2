import { z } from "zod";
import {
  ZCompressedDpp,
  ZDppByDateQuery,
  ZDppIdPath,
  ZDppIdsPage,
  ZDppProductIdPath,
  ZDppReadQuery,
  ZDppsByProductIdsRequest,
} from "~/domain/versions/dpp-document";
import { ZPublishedItemVersions, ZPublishedVersion } from "~/domain/versions/passport-credential";
import type { RestApiRoute } from "~/server/openapi/rest-api-routes";
import { ZItemPath, ZModelPath, ZOrgPath } from "~/server/rest/path-params";

const MODEL = "/api/organizations/{orgaId}/models/{modelId}";

const PUBLISH =
  "Freezes the passport as each access level sees it (public, legitimate-interest, authority) with its AAS value-only form, as a W3C VC 2.0 " +
  "per level; each is canonicalised (RFC 8785), hashed (SHA-256), chained to the previous version (`previousHash`) and signed as a compact JWS " +
  "(`typ: vc+jwt`, EdDSA, `kid` the key's DID URL `{issuer}#{thumbprint}`) with the organization's key (docs/versions.md). 409 when the app knows " +
  "itself only as a loopback address and PUBLIC_BASE_URL is not set (docs/versions.md §Signing identity). The answer's `hash` is the full " +
  "(authority) content's, which the chain runs over and every lower cut names as its `chainHash`. Readers then see the latest published " +
  "version; the working copy stays " +
  "editable. `If-Match` names the version of the model or item that was reviewed.";

const ZSigningKey = z.object({
  kid: z.string(),
  createdAt: z.string(),
  retiredAt: z.string().nullable(),
  publicJwk: z.object({
    kty: z.string(),
    crv: z.string(),
    x: z.string(),
    kid: z.string(),
    alg: z.string(),
    use: z.string(),
    exp: z
      .number()
      .optional()
      .meta({ description: "A retired key's retirement, a NumericDate (seconds); see docs/versions.md §Keys." }),
  }),
});

/** Publishing passport versions and the organization's signing keys (docs/versions.md). */
export const PASSPORT_VERSION_API_ROUTES: readonly RestApiRoute[] = [
  {
    method: "post",
    path: `${MODEL}/passport-versions`,
    operation: "writeData",
    tag: "Versions",
    summary: "Publish the next version of a model's passport",
    description: PUBLISH,
    params: ZModelPath,
    status: 201,
    response: ZPublishedVersion,
    ifMatch: true,
    errors: [404, 409],
  },
  {
    method: "post",
    path: `${MODEL}/items/{itemId}/passport-versions`,
    operation: "writeData",
    tag: "Versions",
    summary: "Publish the next version of an item's passport",
    description: PUBLISH,
    params: ZItemPath,
    status: 201,
    response: ZPublishedVersion,
    ifMatch: true,
    errors: [404, 409],
  },
  {
    method: "post",
    path: `${MODEL}/items/passport-versions`,
    operation: "writeData",
    tag: "Versions",
    summary: "Publish the next version of every item of a model",
    description: "Publishes every item's passport of the model in one request and one transaction, as the item route does for one.",
    params: ZModelPath,
    status: 201,
    response: ZPublishedItemVersions,
    errors: [404, 409],
  },
  {
    method: "get",
    path: "/api/organizations/{orgaId}/signing-keys",
    operation: "read",
    cache: "private",
    tag: "Versions",
    summary: "List the organization's signing keys (public parts)",
    params: ZOrgPath,
    response: z.array(ZSigningKey),
  },
  {
    method: "post",
    path: "/api/organizations/{orgaId}/signing-keys",
    operation: "manageSettings",
    isSessionOnly: true,
    tag: "Versions",
    summary: "Rotate the organization's signing key",
    description:
      "Retires the current key (it stays published in the JWKS and the DID document, so what it signed still verifies) and makes a new one.",
    params: ZOrgPath,
    response: z.array(ZSigningKey),
  },
];

const DPP_READ =
  "The DPP in EN 18223's compressed form (docs/versions.md §DPP API): the DppMetadata header (IDTA 02099-1) and each content submodel's " +
  "value-only form keyed by its semanticId, of the latest published version at the reader's level (public, or `?grant=`'s). " +
  "`?representation=full`: the same header, then `submodels`, the version's AAS submodels in the normal (not value-only) serialisation. Errors carry " +
  "EN 18222's `messages[]` beside the usual fields.";

/** The European DPP API, EN 18222, as the IDTA DPP annex maps it (docs/versions.md §DPP API). */
export const DPP_API_ROUTES: readonly RestApiRoute[] = [
  {
    method: "get",
    path: "/api/v1/dpps/{dppId}",
    cache: "reader",
    tag: "DPP API (EN 18222)",
    summary: "ReadDPPById",
    description: DPP_READ,
    params: ZDppIdPath,
    query: ZDppReadQuery,
    response: ZCompressedDpp,
    isPublic: true,
    errors: [404],
  },
  {
    method: "get",
    path: "/api/v1/dppsByIdAndDate/{dppId}",
    cache: "reader",
    tag: "DPP API (EN 18222)",
    summary: "ReadDPPVersionByIdAndDate",
    description: `${DPP_READ} The version valid at \`date\`: the last published at or before it; before the first, 404.`,
    params: ZDppIdPath,
    query: ZDppByDateQuery,
    response: ZCompressedDpp,
    isPublic: true,
    errors: [404],
  },
  {
    method: "get",
    path: "/api/v1/dppsByProductId/{productId}",
    cache: "reader",
    tag: "DPP API (EN 18222)",
    summary: "ReadDPPByProductId",
    description: `${DPP_READ} \`productId\`: a GS1 Digital Link URI, a passport page URL or an identifier value, percent-encoded.`,
    params: ZDppProductIdPath,
    query: ZDppReadQuery,
    response: ZCompressedDpp,
    isPublic: true,
    errors: [404],
  },
  {
    method: "post",
    path: "/api/v1/dppsByProductIds",
    cache: "none",
    tag: "DPP API (EN 18222)",
    summary: "ReadDPPIdsByProductIds",
    description: "Each product identifier with the dppIds of its published DPPs; `limit` and `cursor` page through `productIds`.",
    body: ZDppsByProductIdsRequest,
    response: ZDppIdsPage,
    isPublic: true,
  },
];
