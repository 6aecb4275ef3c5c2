import { OPERATOR } from "~/domain/actor";
import { expect } from "vitest";
import type { TModel } from "~/domain/model-schema";
import { createApiKey } from "~/server/services/identity/create-api-key";
import { createOrganization } from "~/server/services/identity/create-organization";
import { createUser } from "~/server/services/identity/create-user";
import { importTemplate } from "~/server/services/templates/import-template";
import { expectModel } from "./contract";
import { fixtureTemplate, IDS } from "./fixture-template";
import { api } from "./http";
import type { World } from "./world";

/**
 * A signed-up user who belongs to no organization at all, with a valid API key (made by the operator, who may scope a
 * key to any organization; it acts only once the user is a member): for `organizationId`, else for an organization
 * of no one.
 */
export async function createOutsider(organizationId?: string) {
  const email = `outsider-${crypto.randomUUID()}@test.example`;
  const user = await createUser({ email, password: "correct-horse-battery" });
  const scope = organizationId ?? (await createOrganization({ actor: OPERATOR, name: `Nobody's ${email}` })).id;
  const key = await createApiKey({ userId: user.id, organizationId: scope, name: "outsider" });
  return { user, token: key.token, keyId: key.id };
}

export function modelsPath(world: World): string {
  return `/api/organizations/${world.organization.id}/models`;
}

export function modelPath(world: World, modelId: string): string {
  return `${modelsPath(world)}/${modelId}`;
}

export function dataValuesPath(world: World, modelId: string): string {
  return `${modelPath(world, modelId)}/data-values`;
}

/** Creates a model through the API from the world's fixture template (or the given body) and returns it. */
export async function postModel(world: World, body: Record<string, unknown> = {}): Promise<TModel> {
  const response = await api("POST", modelsPath(world), {
    token: world.token,
    body: { name: `Model ${crypto.randomUUID().slice(0, 8)}`, templateId: world.template.id, ...body },
  });
  return expectModel(response, 201);
}

export async function getModelOf(world: World, modelId: string): Promise<TModel> {
  return expectModel(await api("GET", modelPath(world, modelId), { token: world.token }), 200);
}

/** Ids that exist only in the alternative template. */
export const ALT_IDS = {
  extra: "20000000-0000-4000-8000-000000000001",
  extraField: "20000000-0000-4000-8000-000000000011",
  origin: "20000000-0000-4000-8000-000000000033",
} as const;

/**
 * The fixture template without its "Details" section, with a new root section "Extra" and a new field "Origin"
 * in the repeater: switching a model to it drops Details/Notes and adds nulls for Extra and for Origin per row.
 */
export function alternativeTemplate() {
  const base = fixtureTemplate();
  const sections: Record<string, unknown>[] = base.sections
    .filter((section) => section.id !== IDS.details)
    .map((section) => {
      if (section.id === IDS.general) return { ...section, subSections: [] };
      if (section.id === IDS.substances) {
        return {
          ...section,
          dataFields: [...section.dataFields, { id: ALT_IDS.origin, name: "Origin", type: "TextField" }],
        };
      }
      return section;
    });
  sections.push({
    id: ALT_IDS.extra,
    name: "Extra",
    type: "Group",
    parentId: null,
    dataFields: [{ id: ALT_IDS.extraField, name: "Extra field", type: "TextField" }],
  });
  return { ...base, name: "Alternative battery", sections };
}

export async function importAlternativeTemplate(world: World) {
  return importTemplate({
    organizationId: world.organization.id,
    createdByUserId: world.user.id,
    definition: alternativeTemplate(),
  });
}

/** The five row-0 nulls a model of the fixture template starts with. */
export function initialTriples() {
  return [
    { dataSectionId: IDS.general, dataFieldId: IDS.name, row: 0 },
    { dataSectionId: IDS.general, dataFieldId: IDS.weight, row: 0 },
    { dataSectionId: IDS.general, dataFieldId: IDS.link, row: 0 },
    { dataSectionId: IDS.general, dataFieldId: IDS.manual, row: 0 },
    { dataSectionId: IDS.details, dataFieldId: IDS.notes, row: 0 },
  ];
}

export function expectSameModel(actual: TModel, expected: TModel): void {
  expect({ ...actual, dataValues: sortValues(actual.dataValues) }).toEqual({
    ...expected,
    dataValues: sortValues(expected.dataValues),
  });
}

function sortValues(values: TModel["dataValues"]) {
  return [...values].sort((a, b) =>
    `${a.dataSectionId}|${a.dataFieldId}|${a.row}`.localeCompare(`${b.dataSectionId}|${b.dataFieldId}|${b.row}`),
  );
}
