import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import { importTemplate } from "~/server/services/templates/import-template";
import { dataValuesPath, getModelOf, postModel } from "./support/actors";
import { dv, expectDataValueIssues, expectError, expectModel, valuesOf, tripleKey } from "./support/contract";
import { fixtureTemplate } from "./support/fixture-template";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

const SECTION = "30000000-0000-4000-8000-000000000001";
const STATUS = "30000000-0000-4000-8000-000000000011";
const MADE_ON = "30000000-0000-4000-8000-000000000012";
const ADDRESS = "30000000-0000-4000-8000-000000000013";

/** The fixture template with one more section holding a choices field, a date field and a multi-line field. */
function templateWithOptions(options: { status?: Record<string, string> } = {}) {
  const template = fixtureTemplate();
  return {
    ...template,
    sections: [
      ...template.sections,
      {
        id: SECTION,
        name: "Shaped inputs",
        type: "Group",
        parentId: null,
        subSections: [],
        dataFields: [
          { id: STATUS, name: "Status", type: "TextField", options: options.status ?? { choices: "Original|Re-used" } },
          { id: MADE_ON, name: "Made on", type: "TextField", options: { format: "date" } },
          { id: ADDRESS, name: "Address", type: "TextField", options: { multiline: "true", maxLength: "200" } },
        ],
      },
    ],
  };
}

let world: World;
let templateId: string;

beforeAll(async () => {
  world = await createWorld("options");
  templateId = (
    await importTemplate({ organizationId: world.organization.id, createdByUserId: world.user.id, definition: templateWithOptions() })
  ).id;
});

const patch = (modelId: string, body: unknown) => api("PATCH", dataValuesPath(world, modelId), { token: world.token, body });

describe("choices, format date and multiline on data values", () => {
  it("stores a listed choice, an ISO date and several lines", async () => {
    const model = await postModel(world, { templateId });
    const saved = expectModel(
      await patch(model.id, [
        dv(SECTION, STATUS, 0, "Re-used"),
        dv(SECTION, MADE_ON, 0, "2024-02-29"),
        dv(SECTION, ADDRESS, 0, "Voltcell GmbH\nHauptstraße 1\n10115 Berlin"),
      ]),
      200,
    );
    const values = valuesOf(saved);
    expect(values.get(tripleKey({ dataSectionId: SECTION, dataFieldId: STATUS, row: 0 }))).toBe("Re-used");
    expect(values.get(tripleKey({ dataSectionId: SECTION, dataFieldId: MADE_ON, row: 0 }))).toBe("2024-02-29");
    expect(values.get(tripleKey({ dataSectionId: SECTION, dataFieldId: ADDRESS, row: 0 }))).toBe(
      "Voltcell GmbH\nHauptstraße 1\n10115 Berlin",
    );
  });

  it("answers 400 for a value outside the choices or a date that is not one, and changes nothing", async () => {
    const model = await postModel(world, { templateId });
    for (const [field, value] of [
      [STATUS, "re-used"],
      [STATUS, "Original|Re-used"],
      [MADE_ON, "2023-02-29"],
      [MADE_ON, "31.03.2025"],
      [MADE_ON, "2025-3-31"],
    ] as const) {
      const body = expectError(await patch(model.id, [dv(SECTION, field, 0, value)]), 400);
      expectDataValueIssues(body, [{ path: "$[0].value", dataSectionId: SECTION, dataFieldId: field, row: 0 }]);
    }
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("refuses a template whose options are bad, naming each", async () => {
    const bad: Record<string, string>[] = [
      { choices: "A||B" },
      { choices: "A|A" },
      { format: "time" },
      { multiline: "yes" },
      { choices: "A|B", multiline: "true" },
    ];
    for (const status of bad) {
      const attempt = importTemplate({
        organizationId: world.organization.id,
        createdByUserId: world.user.id,
        definition: templateWithOptions({ status }),
      });
      await expect(attempt).rejects.toSatisfy(
        (error: unknown) =>
          error instanceof AppError && error.code === "VALIDATION" && (error.issues ?? []).some((i) => i.path.includes("options")),
      );
    }
  });
});
