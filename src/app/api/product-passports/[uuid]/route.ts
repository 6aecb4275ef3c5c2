import { ZPassportQuery } from "~/domain/passport-schema";
import { readerPolicy } from "~/server/http/cache-policy";
import { publicRoute } from "~/server/rest/public-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZPublicIdentifierPath } from "~/server/rest/path-params";
import { readPassport } from "~/server/services/passports/read-passport";

/** Public: the passport of a model or an item; a member's key or session, or `?grant=`, shows more (docs/api.md §Passports). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/product-passports/{uuid}", {
  GET: publicRoute({
    params: ZPublicIdentifierPath,
    query: ZPassportQuery,
    isCallerResolved: true,
    run: ({ params, query, actor, clientAddress, acceptLanguage }) =>
      readPassport({
        uuid: params.uuid,
        actor,
        grantToken: query.grant,
        clientAddress,
        language: { query: query.lang, acceptLanguage },
      }),
    // The answered language ends the ETag, and the answer varies with Accept-Language (docs/languages.md).
    caching: (passport, { isGrantRead }) => ({
      etag: `"${passport.version}-${passport.readerLevel}${passport.publication ? `-${passport.publication.state}${passport.publication.version}` : ""}${passport.grantRefused ? `-${passport.grantRefused}` : ""}${passport.language ? `-${passport.language}` : ""}"`,
      vary: "Accept-Language",
      language: passport.language,
      policy: readerPolicy({ accessLevel: passport.readerLevel, modelId: passport.modelId, isGrantRead }),
    }),
  }),
});
