import type { Actor } from "~/domain/actor";
import type { Jsonable } from "~/domain/aas/export-metadata";
import { passportToAasEnvironment } from "~/domain/aas/export-environment";
import { publicBaseUrl } from "~/server/config";
import { assertMemberOf } from "~/server/services/access";
import { ownerPassport } from "~/server/services/aas/internal/owner-passport";
import type { PassportDataOwner } from "~/server/services/internal/passport-data-owner";

export type ExportAasEnvironmentOptions = { actor: Actor; organizationId: string; owner: PassportDataOwner };

/** The environment, and the passport's name and version its downloads are named by (`aasFileName`). */
export type AasExport = { environment: Jsonable; name: string; version: string };

/**
 * A model's or an item's passport as one AAS V3.0 environment (docs/aas.md): a member of the organization sees every
 * field, as in the member's passport. Read through the passport's cache, so a write shows on the next export.
 */
export async function exportAasEnvironment({ actor, organizationId, owner }: ExportAasEnvironmentOptions): Promise<AasExport> {
  assertMemberOf(actor, organizationId);
  const passport = await ownerPassport(organizationId, owner);
  const environment = passportToAasEnvironment({ passport, level: "member", baseUrl: publicBaseUrl() });
  return { environment, name: passport.header.name, version: passport.header.version };
}
