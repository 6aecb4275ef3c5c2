import { ZOrganizationCreateInput } from "~/domain/identity-schemas";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZNoPath } from "~/server/rest/path-params";
import { createOrganization } from "~/server/services/identity/create-organization";
import { listOrganizations } from "~/server/services/identity/list-organizations";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations", {
  GET: restRoute({ params: ZNoPath, run: ({ actor }) => listOrganizations({ actor }) }),
  // Needs a signed-in session (the service refuses keys): the caller becomes the owner.
  POST: restRoute({
    params: ZNoPath,
    body: ZOrganizationCreateInput,
    status: 201,
    run: ({ actor, body }) => createOrganization({ name: body.name, actor }),
  }),
});
