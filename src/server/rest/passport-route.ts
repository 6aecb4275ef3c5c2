import { ZPassportQuery } from "~/domain/passport-schema";
import { publicRoute } from "~/server/rest/public-route";
import { ZPublicIdentifierPath } from "~/server/rest/path-params";
import { readPassport } from "~/server/services/passports/read-passport";

/**
 * `GET /api/product-passports/{uuid}[?grant=]` (docs/api.md §Passports): public; a member's key or session, or
 * `?grant=`, shows more. Here rather than in its route file so that the passport fast path
 * (src/server/http/passport-fast-path.ts) answers anonymous reads with this very handler.
 */
export const passportRoute = publicRoute({
  params: ZPublicIdentifierPath,
  query: ZPassportQuery,
  isCallerResolved: true,
  run: ({ params, query, actor }) => readPassport({ uuid: params.uuid, actor, grantToken: query.grant }),
  caching: (passport) => ({ etag: `"${passport.version}-${passport.readerLevel}"`, isShared: passport.readerLevel === "public" }),
});
