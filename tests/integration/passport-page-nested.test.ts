import { beforeAll, expect, it } from "vitest";
import * as page from "~/app/p/[uuid]/route";
import type { TModel } from "~/domain/model-schema";
import { NESTED, nestedTemplate, valueAtPath as at } from "~/domain/nested-template.fixture";
import { importTemplate } from "~/server/services/templates/import-template";
import { dataValuesPath, postModel } from "./support/actors";
import { expectModel } from "./support/contract";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * The public passport page of a model with nested repeaters (docs/data-model.md §Rows): each row of a repeater that
 * nests is a section of its own, and the rows of its nested repeaters are shown inside it, never merged with another
 * parent row's.
 */

let world: World;
let model: TModel;

beforeAll(async () => {
  world = await createWorld("passport-page-nested");
  const definition = nestedTemplate();
  const template = await importTemplate({ organizationId: world.organization.id, createdByUserId: world.user.id, definition });
  model = await postModel(world, { templateId: template.id });
  const values = [
    at(NESTED.footprints, NESTED.method, [0], "PEF"),
    at(NESTED.footprints, NESTED.method, [1], "ISO 14067"),
    at(NESTED.validity, NESTED.validUntil, [1], "2030-01-01"),
    at(NESTED.stages, NESTED.stage, [0, 0], "Raw materials"),
    at(NESTED.stages, NESTED.stage, [0, 1], "Production"),
    at(NESTED.sources, NESTED.source, [0, 1, 0], "Grid electricity"),
    at(NESTED.sources, NESTED.source, [0, 1, 1], "Transport"),
    at(NESTED.stages, NESTED.stage, [1, 0], "Recycling"),
  ];
  expectModel(await api("POST", dataValuesPath(world, model.id), { token: world.token, body: values }), 201);
});

async function pageOf(owner: TModel): Promise<string> {
  const uuid = owner.uniqueProductIdentifiers[0]?.uuid ?? "";
  const response = await page.GET(new Request(`http://localhost:3000/p/${uuid}`), { params: Promise.resolve({ uuid }) });
  expect(response.status).toBe(200);
  return response.text();
}

/** The HTML of the `<section>` labelled `label`, up to its own closing tag (sections nest). */
function sectionOf(html: string, label: string): string {
  const start = html.indexOf(`aria-label="${label}"`);
  expect(start, `a section labelled ${label}`).toBeGreaterThan(-1);
  const tags = /<section\b|<\/section>/g;
  tags.lastIndex = start;
  let open = 1;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    open += tag[0] === "</section>" ? -1 : 1;
    if (open === 0) return html.slice(start, tag.index);
  }
  throw new Error(`the section ${label} is not closed`);
}

it("shows each row of a repeater that nests as its own section, with its inner rows inside it", async () => {
  const html = await pageOf(model);
  const first = sectionOf(html, "Carbon footprints 1");
  const second = sectionOf(html, "Carbon footprints 2");
  expect(first).toContain("PEF");
  expect(first).toContain("Raw materials");
  expect(first).toContain("Production");
  expect(first).not.toContain("Recycling");
  expect(second).toContain("ISO 14067");
  expect(second).toContain("2030-01-01");
  expect(second).toContain("Recycling");
  expect(second).not.toContain("Raw materials");
  // The sources of the first footprint's second stage, under that stage only: the inner rows read under their parent.
  const stages = sectionOf(first, "Life-cycle stages 2");
  expect(stages).toContain("Grid electricity");
  expect(stages).toContain("Transport");
  expect(sectionOf(first, "Life-cycle stages 1")).not.toContain("Grid electricity");
  expect(sectionOf(second, "Life-cycle stages 1")).toContain("Recycling");
});

it("lists the rows in order with headings one level below their repeater's, and the innermost rows as a table", async () => {
  const html = await pageOf(model);
  expect(html).toMatch(/<h2 class="section-title">Carbon footprints<\/h2>\s*<ol class="rows">/);
  expect(html).toContain('<h3 class="section-title">Carbon footprints 1</h3>');
  expect(html).toContain('<h4 class="section-title">Life-cycle stages</h4>');
  expect(html).toContain('<h5 class="section-title">Life-cycle stages 2</h5>');
  const sources = sectionOf(sectionOf(html, "Life-cycle stages 2"), "Sources");
  // Numbered inside their parent row, as the reader counts them there.
  expect(sources).toMatch(/<td>1<\/td>\s*<td>Grid electricity<\/td>/);
  expect(sources).toMatch(/<td>2<\/td>\s*<td>Transport<\/td>/);
  expect(html.indexOf("Carbon footprints 1")).toBeLessThan(html.indexOf("Carbon footprints 2"));
});
