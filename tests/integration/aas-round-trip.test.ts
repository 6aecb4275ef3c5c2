import { beforeAll, describe, expect, it } from "vitest";
import { verificationErrors } from "~/domain/aas/aas.fixture";
import type { TModel } from "~/domain/model-schema";
import { modelPath, postModel } from "./support/actors";
import { elementsByPath, fidelity, fillEveryField, IDTA_FILES, idtaSource, type Json, publishIdtaTemplate } from "./support/aas-idta";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * What an AAS client relies on (docs/aas.md §Importing values): a passport's unchanged export, PUT back, answers 200
 * and changes nothing — for a new model of each shared IDTA template (every value empty, required ones too) and for
 * one with a value in every field and a row in every repeater.
 */

let world: World;

beforeAll(async () => {
  world = await createWorld("aas-round-trip");
});

type ImportAnswer = TModel & { unmatched: unknown[]; moreUnmatched: number };

async function putExportBack(model: TModel): Promise<Json> {
  const exported = await api<Json>("GET", `${modelPath(world, model.id)}/aas`, { token: world.token });
  expect(exported.status).toBe(200);
  expect(verificationErrors(exported.body)).toEqual([]);
  const history = await api<unknown[]>("GET", `${modelPath(world, model.id)}/history`, { token: world.token });
  const put = await api<ImportAnswer>("PUT", `${modelPath(world, model.id)}/aas`, { token: world.token, body: exported.body });
  expect(put.status, JSON.stringify(put.body).slice(0, 2000)).toBe(200);
  expect(put.body).toMatchObject({ version: model.version, unmatched: [], moreUnmatched: 0 });
  expect(put.headers.get("etag")).toBe(`"${model.version}"`);
  const after = await api<unknown[]>("GET", `${modelPath(world, model.id)}/history`, { token: world.token });
  expect(after.body).toEqual(history.body);
  return exported.body;
}

describe("PUT …/aas with the unchanged export", () => {
  it.each(IDTA_FILES)("of a new and of a filled model of %s answers 200 and changes nothing", async (file) => {
    const { templateId, imported } = await publishIdtaTemplate(world, file);
    const fresh = await postModel(world, { name: `New ${file}`, templateId });
    const empty = await putExportBack(fresh);
    const filled = await fillEveryField(world, templateId, imported.templateDraft.sections);
    const full = await putExportBack(filled);
    // The template's cardinality comes back as its qualifier, and its mandatory empty collections are exported.
    const template = JSON.parse(idtaSource(file)) as Json;
    expect(fidelity(template, full).cardinalityChanged).toEqual([]);
    const exported = elementsByPath(empty);
    const mandatoryEmpty = [...elementsByPath(template)].filter(
      ([path, e]) => e.modelType === "SubmodelElementCollection" && e.isEmpty && !path.includes("[]") && e.cardinality !== "ZeroToOne",
    );
    for (const [path] of mandatoryEmpty) expect(exported.get(path)?.modelType, path).toBe("SubmodelElementCollection");
  });
});
