import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import type { TTemplate } from "~/domain/template-schema";
import type { TPublishResponse, TTemplateDraft } from "~/domain/template-draft-schema";
import { appRouter } from "~/server/trpc/_app";
import { createCallerFactory } from "~/server/trpc/trpc";
import { api } from "./support/http";
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

  it("of the template's own name and description: set on create and update, published, copied and uploaded again (REST)", async () => {
    const organizationId = world.organization.id;
    const drafts = `/api/organizations/${organizationId}/template-drafts`;
    const token = world.token;
    const created = await api<TTemplateDraft>("POST", drafts, {
      token,
      body: { name: "Battery", description: "A cell", translations: { DE: { name: "Batterie", description: "" } } },
    });
    expect(created.status).toBe(201);
    expect(created.body.translations).toEqual({ de: { name: "Batterie" } });
    const path = `${drafts}/${created.body.id}`;

    const refused = await api("PATCH", path, {
      token,
      body: { translations: { de: { name: "x" }, DE: { name: "y" }, "no tag!": { name: "z" }, fr: { choices: { a: "b" } } } },
    });
    expect(refused.status).toBe(400);
    const tooLong = await api("PATCH", path, { token, body: { translations: { fr: { name: "x".repeat(201) } } } });
    expect(tooLong.status).toBe(400);

    const updated = await api<TTemplateDraft>("PATCH", path, {
      token,
      body: { translations: { de: { name: "Batterie", description: "Eine Zelle" }, "fr-be": { name: "Batterie (BE)" } } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.translations).toEqual({
      de: { name: "Batterie", description: "Eine Zelle" },
      "fr-BE": { name: "Batterie (BE)" },
    });
    // An update that does not name translations keeps them.
    const renamed = await api<TTemplateDraft>("PATCH", path, { token, body: { name: "Battery pack" } });
    expect(renamed.body.translations?.de).toEqual({ name: "Batterie", description: "Eine Zelle" });
    await api("POST", `${path}/sections`, { token, body: { name: "General", type: "Group", layout: {} } });

    const published = await api<TPublishResponse>("POST", `${path}/publish`, { token, body: {} });
    expect(published.status).toBe(201);
    const templatePath = `/api/organizations/${organizationId}/templates/${published.body.published.templateId}`;
    const template = await api<TTemplate>("GET", templatePath, { token });
    expect(template.body.translations).toEqual(updated.body.translations);

    const copy = await api<TTemplateDraft>("POST", drafts, { token, body: { templateId: template.body.id, version: "2.0.0" } });
    expect(copy.body.translations).toEqual(updated.body.translations);
    // The downloaded JSON, uploaded again, keeps them.
    const uploaded = await api<TTemplateDraft>("POST", drafts, { token, body: { definition: template.body } });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.translations).toEqual(updated.body.translations);
    // `{}` removes them all.
    const cleared = await api<TTemplateDraft>("PATCH", path, { token, body: { translations: {} } });
    expect(cleared.body.translations).toBeUndefined();
  });

  it("of the template's own name through tRPC, refusing more than 40 languages", async () => {
    const caller = createCallerFactory(appRouter)({ headers: new Headers(), actor: world.actor });
    const organizationId = world.organization.id;
    const draft = await caller.templateDrafts.create({
      organizationId,
      draft: { name: "Cell", translations: { "de-AT": { name: "Zelle" } } },
    });
    expect(draft.translations).toEqual({ "de-AT": { name: "Zelle" } });
    const many = Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`en-${100 + i}`, { name: "n" }]));
    await expect(caller.templateDrafts.update({ organizationId, draftId: draft.id, patch: { translations: many } })).rejects.toSatisfy(
      (error) => error instanceof TRPCError && error.code === "BAD_REQUEST",
    );
    const updated = await caller.templateDrafts.update({
      organizationId,
      draftId: draft.id,
      patch: { translations: { fr: { description: "Une cellule" } } },
    });
    expect(updated.translations).toEqual({ fr: { description: "Une cellule" } });
  });
});
