import { readFile } from "node:fs/promises";
import { z } from "zod";
import { composeAasTemplate } from "~/domain/aas/compose-aas-template";
import { profileById, ZProfileId } from "~/domain/profiles/profiles";
import { readAasxEnvironment } from "~/domain/aas/read-aasx";
import { AppError } from "~/domain/app-error";
import { ZApiKeyExpiry, ZApiKeyName, ZCreateUser, ZOrganizationName } from "~/domain/identity-schemas";
import { ZVisibility } from "~/domain/template-schema";
import { ZGs1CompanyPrefix } from "~/domain/gs1/gs1-company-prefix";
import { OPERATOR } from "~/domain/actor";
import { ZApiKeyScope, ZMemberRole } from "~/domain/roles";
import { getDb } from "~/server/db/client";
import { addGs1Prefix } from "~/server/services/gs1-prefixes/add-gs1-prefix";
import { listGs1Prefixes } from "~/server/services/gs1-prefixes/list-gs1-prefixes";
import { removeGs1Prefix } from "~/server/services/gs1-prefixes/remove-gs1-prefix";
import { addMember } from "~/server/services/identity/add-member";
import { changeMemberRole } from "~/server/services/identity/change-member-role";
import { removeMember } from "~/server/services/identity/remove-member";
import { suspendMember } from "~/server/services/identity/suspend-member";
import { reinstateMember } from "~/server/services/identity/reinstate-member";
import { createApiKey } from "~/server/services/identity/create-api-key";
import { createOrganization } from "~/server/services/identity/create-organization";
import { createUser } from "~/server/services/identity/create-user";
import { findUser } from "~/server/services/identity/find-user";
import { normaliseIdentifierValues } from "~/server/services/identifiers/normalise-identifier-values";
import { listInvitations } from "~/server/services/invitations/list-invitations";
import { revokeApiKey } from "~/server/services/identity/revoke-api-key";
import { importProductDataModel } from "~/server/services/product-data-models/import-product-data-model";
import { seedDemoData } from "~/server/services/seed/seed-demo-data";
import { importTemplate } from "~/server/services/templates/import-template";
import { verifyPassportUrl, ZVerifyFlags } from "~/cli/verify-passport";

/**
 * The operator commands of the README's Operator CLI table. Each declares its flags as a zod schema, so bad input is refused with
 * every problem named before the database is touched.
 */

type FlagsSchema = z.ZodObject;
type Command<S extends FlagsSchema> = {
  usage: string;
  flags: S;
  /** Flags that may be given more than once (their value is then a list). */
  multiple?: readonly string[];
  run: (flags: z.infer<S>) => Promise<unknown>;
  /** False for a command that only talks HTTP (passport:verify): no database is opened. */
  needsDatabase?: false;
};

/** Erases each command's flag type so they fit one table; `flags` still checks the input before `run` sees it. */
function command<S extends FlagsSchema>(definition: Command<S>): Command<FlagsSchema> {
  return definition;
}

const ZId = z.string().trim().min(1);

export const COMMANDS: Record<string, Command<FlagsSchema>> = {
  "passport:verify": command({
    usage: "passport:verify --url URL [--grant TOKEN]",
    flags: ZVerifyFlags,
    needsDatabase: false,
    run: (flags) => verifyPassportUrl(flags),
  }),
  "org:create": command({
    usage: "org:create --name N",
    flags: z.strictObject({ name: ZOrganizationName }),
    run: ({ name }) => createOrganization({ actor: OPERATOR, name }),
  }),
  "user:create": command({
    usage: "user:create --email E --password P [--name N]",
    flags: z.strictObject(ZCreateUser.shape),
    run: (flags) => createUser(flags),
  }),
  "member:add": command({
    usage: "member:add --org ORG_ID --user EMAIL_OR_ID [--role owner|admin|editor|viewer]",
    flags: z.strictObject({ org: ZId, user: ZId, role: ZMemberRole.optional() }),
    // The operator vouches for the user: a direct add, where members of the app send an invitation.
    run: ({ org, user, role }) => addMember({ actor: OPERATOR, organizationId: org, userEmailOrId: user, role }),
  }),
  "member:role": command({
    usage: "member:role --org ORG_ID --user EMAIL_OR_ID --role owner|admin|editor|viewer",
    flags: z.strictObject({ org: ZId, user: ZId, role: ZMemberRole }),
    run: async ({ org, user, role }) =>
      changeMemberRole({ actor: OPERATOR, organizationId: org, userId: (await findUser(user)).id, role }),
  }),
  "member:suspend": command({
    usage: "member:suspend --org ORG_ID --user EMAIL_OR_ID",
    flags: z.strictObject({ org: ZId, user: ZId }),
    run: async ({ org, user }) => suspendMember({ actor: OPERATOR, organizationId: org, userId: (await findUser(user)).id }),
  }),
  "member:reinstate": command({
    usage: "member:reinstate --org ORG_ID --user EMAIL_OR_ID",
    flags: z.strictObject({ org: ZId, user: ZId }),
    run: async ({ org, user }) => reinstateMember({ actor: OPERATOR, organizationId: org, userId: (await findUser(user)).id }),
  }),
  "member:remove": command({
    usage: "member:remove --org ORG_ID --user EMAIL_OR_ID",
    flags: z.strictObject({ org: ZId, user: ZId }),
    // Ends the member's sessions and keys at once; the account stays (its name in the history), as do its grants.
    run: async ({ org, user }) => {
      const { id } = await findUser(user);
      await removeMember({ actor: OPERATOR, organizationId: org, userId: id });
      return { organizationId: org, userId: id, removed: true };
    },
  }),
  "invite:list": command({
    usage: "invite:list [--org ORG_ID]",
    flags: z.strictObject({ org: ZId.optional() }),
    run: ({ org }) => listInvitations({ actor: OPERATOR, organizationId: org }),
  }),
  "apikey:create": command({
    usage: "apikey:create --user EMAIL_OR_ID --org ORG_ID [--name N] [--expires DATE] [--scope read|write|readings|admin]",
    flags: z.strictObject({
      user: ZId,
      org: ZId,
      name: ZApiKeyName.optional(),
      expires: ZApiKeyExpiry.optional(),
      scope: ZApiKeyScope.optional(),
    }),
    run: async ({ user, org, name, expires, scope }) => {
      const owner = await findUser(user);
      const key = await createApiKey({ userId: owner.id, organizationId: org, name, expiresAt: expires, scope });
      return { id: key.id, token: key.token, organizationId: key.organizationId, scope: key.scope, expiresAt: key.expiresAt };
    },
  }),
  "apikey:revoke": command({
    usage: "apikey:revoke --id KEY_ID",
    flags: z.strictObject({ id: ZId }),
    run: ({ id }) => revokeApiKey({ actor: OPERATOR, id }),
  }),
  "template:import": command({
    usage: "template:import --org ORG_ID --file PATH [--file PATH …] [--name N] [--profile eu-battery-annex-xiii]",
    flags: z.strictObject({ org: ZId, file: z.array(ZId).min(1), name: ZId.max(200).optional(), profile: ZProfileId.optional() }),
    multiple: ["file"],
    run: async ({ org, file, name, profile }) => {
      const createdByUserId = await operatorUserId(org);
      const inputs = await Promise.all(file.map(readTemplateFile));
      const [first] = inputs;
      // One file of our own template JSON, as before; AAS environments (JSON or AASX), one or several, compose one.
      if (first && inputs.length === 1 && !isAasEnvironment(first.content)) {
        const template = await importTemplate({ organizationId: org, createdByUserId, definition: first.content });
        return { id: template.id };
      }
      const notAas = inputs.find((input) => !isAasEnvironment(input.content));
      if (notAas)
        throw new AppError("BAD_REQUEST", `${notAas.file} is not an AAS environment; several --file flags compose AAS files only.`);
      const { document, problems, moreProblems } = composeAasTemplate(
        inputs.map((input) => ({ label: input.file, environment: input.content })),
        { name, profile: profile === undefined ? undefined : profileById(profile) },
      );
      const template = await importTemplate({ organizationId: org, createdByUserId, definition: document });
      return { id: template.id, problems, moreProblems };
    },
  }),
  "pdm:import": command({
    usage: "pdm:import --org ORG_ID --file PATH [--visibility Public|Private]",
    flags: z.strictObject({ org: ZId, file: ZId, visibility: ZVisibility.optional() }),
    run: async ({ org, file, visibility }) => {
      const definition = await readJsonFile(file);
      const pdm = await importProductDataModel({
        organizationId: org,
        createdByUserId: await operatorUserId(org),
        definition,
        visibility,
      });
      return { id: pdm.id };
    },
  }),
  "identifiers:normalise": command({
    usage: "identifiers:normalise",
    flags: z.strictObject({}),
    // Values stored before GS1 keys were normalised (docs/gs1.md); safe to run again and while the app serves.
    run: () => normaliseIdentifierValues({ actor: OPERATOR }),
  }),
  "gs1-prefix:add": command({
    usage: "gs1-prefix:add --organization ORG_ID --prefix DIGITS [--note TEXT]",
    flags: z.strictObject({ organization: ZId, prefix: ZGs1CompanyPrefix, note: z.string().trim().max(500).optional() }),
    // The operator has checked the licence (GS1's GEPIR / Verified by GS1, or the certificate): docs/gs1.md.
    run: ({ organization, prefix, note }) => addGs1Prefix({ actor: OPERATOR, organizationId: organization, prefix, note }),
  }),
  "gs1-prefix:list": command({
    usage: "gs1-prefix:list [--organization ORG_ID]",
    flags: z.strictObject({ organization: ZId.optional() }),
    run: ({ organization }) => listGs1Prefixes({ actor: OPERATOR, organizationId: organization }),
  }),
  "gs1-prefix:remove": command({
    usage: "gs1-prefix:remove --organization ORG_ID --prefix DIGITS",
    flags: z.strictObject({ organization: ZId, prefix: ZGs1CompanyPrefix }),
    run: ({ organization, prefix }) => removeGs1Prefix({ actor: OPERATOR, organizationId: organization, prefix }),
  }),
  seed: command({ usage: "seed", flags: z.strictObject({}), run: () => seedDemoData() }),
};

/** A template file: an AASX package (by its extension) gives its environment, anything else is read as JSON. */
async function readTemplateFile(file: string): Promise<{ file: string; content: unknown }> {
  if (!/\.aasx$/i.test(file)) return { file, content: await readJsonFile(file) };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch {
    throw new AppError("BAD_REQUEST", `Cannot read ${file}.`);
  }
  return { file, content: await readAasxEnvironment(bytes) };
}

/** An AAS environment holds `submodels`; our template JSON holds `sections`. */
function isAasEnvironment(content: unknown): boolean {
  return typeof content === "object" && content !== null && "submodels" in content && !("sections" in content);
}

async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw new AppError("BAD_REQUEST", `Cannot read ${file}.`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new AppError("BAD_REQUEST", `${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/** Imports by an operator are attributed to the organization's first member, the closest thing to an author. */
async function operatorUserId(organizationId: string): Promise<string> {
  const member = await getDb().member.findFirst({
    where: { organizationId },
    orderBy: { createdAt: "asc" },
    select: { userId: true },
  });
  return member?.userId ?? "operator";
}
