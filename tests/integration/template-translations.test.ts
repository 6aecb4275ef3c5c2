import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "~/server/trpc/_app";
import { createCallerFactory } from "~/server/trpc/trpc";
import { createWorld, type World } from "./support/world";

// docs/languages.md §Template translations: edited on a draft, kept through publication and a copy of the template.
let world: World;

beforeAll(async () => {
  world = await createWorld("template-translations");
});

describe("template translations", () => {
  it("are set on a draft's field and section, canonicalised, published with the template and carried into a copy", async () => {
    const caller = createCallerFactory(appRouter)({ headers: new Headers(), actor: world.actor });
    const organizationId = world.organization.id;
    let draft = await caller.templateDrafts.create({ organizationId, draft: { name: "Translated" } });
    const target = { organizationId, draftId: draft.id };
    draft = await caller.templateDrafts.addSection({ ...target, section: { name: "General", type: "Group" } });
    const sectionId = draft.sections[0]?.id ?? "";
    draft = await caller.templateDrafts.addDataField({
      ...target,
      sectionId,
      field: { name: "Chemistry", type: "TextField", granularityLevel: "Model", options: { choices: "LFP|NMC" } },
    });
    const fieldId = draft.sections[0]?.dataFields[0]?.id ?? "";
    draft = await caller.templateDrafts.modifyDataField({
      ...target,
      sectionId,
      fieldId,
      patch: { translations: { DE: { name: "Chemie", choices: { NMC: "NMC-Zelle" } }, "fr-be": { name: "Chimie" } } },
    });
    draft = await caller.templateDrafts.modifySection({
      ...target,
      sectionId,
      patch: { translations: { de: { name: "Allgemein" } } },
    });
    expect(draft.sections[0]?.translations).toEqual({ de: { name: "Allgemein" } });
    expect(draft.sections[0]?.dataFields[0]?.translations).toEqual({
      de: { name: "Chemie", choices: { NMC: "NMC-Zelle" } },
      "fr-BE": { name: "Chimie" },
    });

    await expect(
      caller.templateDrafts.modifyDataField({
        ...target,
        sectionId,
        fieldId,
        patch: { translations: { de: { choices: { LCO: "LCO" } } } },
      }),
    ).rejects.toSatisfy((error) => error instanceof TRPCError && error.code === "BAD_REQUEST");
    await expect(
      caller.templateDrafts.modifyDataField({ ...target, sectionId, fieldId, patch: { translations: { "no tag!": { name: "x" } } } }),
    ).rejects.toSatisfy((error) => error instanceof TRPCError && error.code === "BAD_REQUEST");

    const published = await caller.templateDrafts.publish({ ...target });
    const template = await caller.templates.byId({ organizationId, templateId: published.published.templateId });
    expect(template.sections[0]?.translations).toEqual({ de: { name: "Allgemein" } });
    expect(template.sections[0]?.dataFields[0]?.translations?.["fr-BE"]).toEqual({ name: "Chimie" });

    const copy = await caller.templateDrafts.create({ organizationId, draft: { templateId: template.id, version: "2.0.0" } });
    expect(copy.sections[0]?.dataFields[0]?.translations?.de).toEqual({ name: "Chemie", choices: { NMC: "NMC-Zelle" } });
  });
});
