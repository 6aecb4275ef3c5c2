import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/domain/actor";
import { encodeInnerRows } from "~/domain/row-path";
import { getDb } from "~/server/db/client";
import { addDataValues } from "~/server/services/data-values/add-data-values";
import { modifyDataValues } from "~/server/services/data-values/modify-data-values";
import { createItem } from "~/server/services/items/create-item";
import { getItem } from "~/server/services/items/get-item";
import { getItemAnswer } from "~/server/services/items/get-item-answer";
import { createModel } from "~/server/services/models/create-model";
import { getModel } from "~/server/services/models/get-model";
import { getModelAnswer } from "~/server/services/models/get-model-answer";
import { importTemplate } from "~/server/services/templates/import-template";
import { createWorld, type World } from "./support/world";

/**
 * A model's and an item's answer is written as JSON text straight from the read's groups (owner-answer.ts, sent as it
 * is by GET model, GET item and the value writes); this proves that text is byte for byte `JSON.stringify` of the JavaScript assembly the other
 * readers use (getModel, getItem): keys and their order, the order of values, escaping, numbers, timestamps, inner
 * rows, languages, null, and a list's or a range's answered form — for canonical stored texts and for texts that
 * are not (written here straight into the tables, past the write path, so every branch of the answer is met) — and
 * for a partner, who reads the granted sections only.
 */

const S = {
  plain: "20000000-0000-4000-8000-000000000001",
  forms: "20000000-0000-4000-8000-000000000002",
  rows: "20000000-0000-4000-8000-000000000003",
  inner: "20000000-0000-4000-8000-000000000004",
  cells: "20000000-0000-4000-8000-000000000005",
};
const F = {
  text: "20000000-0000-4000-8000-000000000011",
  words: "20000000-0000-4000-8000-000000000012",
  list: "20000000-0000-4000-8000-000000000021",
  range: "20000000-0000-4000-8000-000000000022",
  numbers: "20000000-0000-4000-8000-000000000023",
  entry: "20000000-0000-4000-8000-000000000031",
  deep: "20000000-0000-4000-8000-000000000041",
  cell: "20000000-0000-4000-8000-000000000051",
  cellList: "20000000-0000-4000-8000-000000000052",
  cellRange: "20000000-0000-4000-8000-000000000053",
};
/** A section and a field the template does not have (values a template change left behind). */
const STRAY = { section: "20000000-0000-4000-8000-00000000009a", field: "20000000-0000-4000-8000-00000000009b" };

function formsTemplate() {
  return {
    id: crypto.randomUUID(),
    name: "Answer forms",
    description: "Every form of answered value",
    sectors: ["Batteries"],
    version: "1.0.0",
    sections: [
      {
        id: S.plain,
        name: "Plain",
        type: "Group",
        parentId: null,
        dataFields: [
          { id: F.text, name: "Text", type: "TextField" },
          { id: F.words, name: "Words", type: "TextField", options: { multilingual: "true" } },
        ],
      },
      {
        id: S.forms,
        name: "Forms",
        type: "Group",
        parentId: null,
        dataFields: [
          { id: F.list, name: "List", type: "TextField", options: { list: "true" } },
          { id: F.range, name: "Range", type: "NumericField", options: { range: "true" } },
          { id: F.numbers, name: "Numbers", type: "NumericField", options: { list: "true" } },
        ],
      },
      {
        id: S.rows,
        name: "Rows",
        type: "Repeatable",
        parentId: null,
        subSections: [S.inner],
        dataFields: [{ id: F.entry, name: "Entry", type: "TextField" }],
      },
      {
        id: S.inner,
        name: "Inner rows",
        type: "Repeatable",
        parentId: S.rows,
        dataFields: [{ id: F.deep, name: "Deep", type: "TextField", options: { list: "true" } }],
      },
      {
        id: S.cells,
        name: "Cells",
        type: "Repeatable",
        granularityLevel: "Item",
        parentId: null,
        dataFields: [
          { id: F.cell, name: "Cell", type: "TextField", granularityLevel: "Item", options: { multilingual: "true" } },
          { id: F.cellList, name: "Cell list", type: "TextField", granularityLevel: "Item", options: { list: "true" } },
          { id: F.cellRange, name: "Cell range", type: "TextField", granularityLevel: "Item", options: { range: "true" } },
        ],
      },
    ],
  };
}

const MODEL_PLACES = [
  [S.plain, F.text],
  [S.plain, F.words],
  [S.forms, F.list],
  [S.forms, F.range],
  [S.forms, F.numbers],
  [S.rows, F.entry],
  [S.inner, F.deep],
  [STRAY.section, STRAY.field],
  // A list field's id under another section: the form is the (section, field) pair's, not the field id's.
  [S.plain, F.list],
] as const;
const ITEM_PLACES = [
  [S.cells, F.cell],
  [S.cells, F.cellList],
  [S.cells, F.cellRange],
  [STRAY.section, F.cellList],
] as const;

/** Text the database can hold (no NUL), rich in what JSON escapes: quotes, backslashes, controls, non-ASCII. */
const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom('"', "\\", "/", "\b", "\f", "\n", "\r", "\t", "\u0001", "\u001f", "\u007f", "\u2028", "é", "😀", "ß"),
    fc.integer({ min: 1, max: 0x1f }).map((code) => String.fromCharCode(code)),
    fc
      .integer({ min: 0x20, max: 0x10ffff })
      .filter((code) => code < 0xd800 || code > 0xdfff)
      .map((code) => String.fromCodePoint(code)),
  ),
  maxLength: 12,
});
const filled = text.filter((entry) => entry !== "");

/** Stored texts at the edges of a list's and a range's canonical form (list-value.ts, range-value.ts) and of escaping. */
const EDGE_TEXTS = [
  '["a","b"]',
  JSON.stringify(['"quoted"', "back\\slash", "\u0001\u0008\t\n\u000b\f\r\u001f", "é😀\u2028\u007f"]),
  '["a", "b"]',
  "[]",
  '[""]',
  '["a",1]',
  '["\\u0041"]',
  '["\\u001F"]',
  '["\\/"]',
  '["a"] ',
  "[null]",
  '"a"',
  '{"min":"1","max":"2"}',
  '{"min":null,"max":"2"}',
  '{"min":"1","max":null}',
  '{"min":null,"max":null}',
  '{"min":"","max":"2"}',
  '{"max":"2","min":"1"}',
  '{"min":1,"max":2}',
  '{"min": "1","max":"2"}',
  '{"min":"1"}',
  '{"min":"1","max":"2"}x',
  "",
  "plain text",
];

/** A stored value: canonical lists and ranges, texts that are almost one, and any other text. */
const storedValue = fc.oneof(
  fc.constant(null),
  text,
  fc.array(text, { minLength: 1, maxLength: 4 }).map((entries) => JSON.stringify(entries)),
  fc.array(text, { minLength: 1, maxLength: 3 }).map((entries) => JSON.stringify(entries, null, 1)),
  fc.constantFrom(...EDGE_TEXTS),
  fc.tuple(fc.option(filled, { nil: null }), fc.option(filled, { nil: null })).map(([min, max]) => JSON.stringify({ min, max })),
);

type Stored = { section: string; field: string; row: number; innerRows: readonly number[]; language: string; value: string | null };

/** Every edge text at every place, one row each: the example every run of the property starts from. */
function edgeValues(places: readonly (readonly [string, string])[]): Stored[] {
  return places.flatMap(([section, field]) =>
    EDGE_TEXTS.map((value, row) => ({ section, field, row, innerRows: row % 3 ? [] : [row], language: row % 4 ? "" : "de", value })),
  );
}

function storedValues(places: readonly (readonly [string, string])[]) {
  return fc
    .array(
      fc.record({
        place: fc.constantFrom(...places),
        row: fc.integer({ min: 0, max: 30 }),
        innerRows: fc.oneof(fc.constant([]), fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 3 })),
        language: fc.constantFrom("", "", "en", "de", "fr-CH", "zh-Hant"),
        value: storedValue,
      }),
      { maxLength: 40 },
    )
    .map((values) => {
      // One value per place (the table's key).
      const byKey = new Map<string, Stored>();
      for (const { place, row, innerRows, language, value } of values) {
        const stored = { section: place[0], field: place[1], row, innerRows, language, value };
        byKey.set(`${place.join("|")}|${row}|${encodeInnerRows(innerRows)}|${language}`, stored);
      }
      return [...byKey.values()];
    });
}

/** Replaces the owner's values with these, past the write path (as a template change or an old write may have left them). */
async function store(table: "data_value" | "item_data_value", key: "modelId" | "itemId", ownerId: string, values: Stored[]) {
  await getDb().$executeRawUnsafe(`DELETE FROM "${table}" WHERE "${key}" = $1::uuid`, ownerId);
  if (values.length === 0) return;
  await getDb().$executeRawUnsafe(
    `INSERT INTO "${table}" ("${key}", "dataSectionId", "dataFieldId", "row", "innerRows", "language", "value")
     SELECT $1::uuid, t.s, t.f, t.r, t.i, t.l, t.v
     FROM unnest($2::uuid[], $3::uuid[], $4::int[], $5::text[], $6::text[], $7::text[]) AS t(s, f, r, i, l, v)`,
    ownerId,
    values.map((v) => v.section),
    values.map((v) => v.field),
    values.map((v) => v.row),
    values.map((v) => encodeInnerRows(v.innerRows)),
    values.map((v) => v.language),
    values.map((v) => v.value),
  );
}

let world: World;
let templateId: string;

beforeAll(async () => {
  world = await createWorld("answer-json");
  const template = await importTemplate({
    organizationId: world.organization.id,
    createdByUserId: world.user.id,
    definition: formsTemplate(),
  });
  templateId = template.id;
});

/** A member of another organization reading the model through a partner grant of these top-level sections. */
function partnerOf(modelId: string, sectionIds: string[]): Actor {
  const organizationId = crypto.randomUUID();
  return {
    userId: world.user.id,
    organizationIds: [organizationId],
    roles: { [organizationId]: "viewer" },
    via: "session",
    partner: { grantId: crypto.randomUUID(), organizationId, ownerOrganizationId: world.organization.id, modelId, sectionIds },
  };
}

describe("a model's and an item's answer written as JSON text", () => {
  it("is byte for byte the JavaScript assembly's JSON, for a member and for a partner", async () => {
    const organizationId = world.organization.id;
    const model = await createModel({ actor: world.actor, organizationId, input: { name: 'Cell "pack" é\n', templateId } });
    const item = await createItem({ actor: world.actor, organizationId, modelId: model.id, input: {} });
    const sectionChoice = fc.subarray([S.plain, S.forms, S.rows, S.cells, STRAY.section]);
    await fc.assert(
      fc.asyncProperty(
        storedValues(MODEL_PLACES),
        storedValues(ITEM_PLACES),
        sectionChoice,
        async (modelValues, itemValues, granted) => {
          await store("data_value", "modelId", model.id, modelValues);
          await store("item_data_value", "itemId", item.id, itemValues);
          for (const actor of [world.actor, partnerOf(model.id, granted)]) {
            const modelRef = { actor, organizationId, modelId: model.id };
            expect((await getModelAnswer(modelRef)).text).toBe(JSON.stringify(await getModel(modelRef)));
            const itemRef = { ...modelRef, itemId: item.id };
            expect((await getItemAnswer(itemRef)).text).toBe(JSON.stringify(await getItem(itemRef)));
          }
        },
      ),
      { numRuns: 40, examples: [[edgeValues(MODEL_PLACES), edgeValues(ITEM_PLACES), [S.forms, S.cells]]] },
    );
  });

  it("answers a write with the bytes a read of the owner gives after it", async () => {
    const organizationId = world.organization.id;
    const model = await createModel({ actor: world.actor, organizationId, input: { name: "Written", templateId } });
    const item = await createItem({ actor: world.actor, organizationId, modelId: model.id, input: {} });
    const modelOwner = { kind: "model", id: model.id } as const;
    // A model starts with a null for each field outside repeaters: those are modified, a repeater's rows added.
    const values = [
      { dataSectionId: S.rows, dataFieldId: F.entry, row: 0, value: 'a "quoted"\n entry' },
      { dataSectionId: S.inner, dataFieldId: F.deep, row: 0, innerRows: [0], value: ["deep", "sécond"] },
    ];
    const modelRef = { actor: world.actor, organizationId, modelId: model.id };
    const added = await addDataValues({ actor: world.actor, organizationId, owner: modelOwner, values, answer: "json" });
    expect(added.text).toBe(JSON.stringify(await getModel(modelRef)));
    const modified = await modifyDataValues({
      ...{ actor: world.actor, organizationId, owner: modelOwner, answer: "json" },
      values: [
        { dataSectionId: S.plain, dataFieldId: F.text, row: 0, value: "changed" },
        { dataSectionId: S.forms, dataFieldId: F.list, row: 0, value: ["first", "second"] },
        { dataSectionId: S.forms, dataFieldId: F.range, row: 0, value: { min: 1, max: "2.5" } },
      ],
    });
    expect(modified.version).toBe(added.version + 1);
    expect(modified.text).toBe(JSON.stringify(await getModel(modelRef)));
    const itemOwner = { kind: "item", id: item.id, modelId: model.id } as const;
    const itemValues = [{ dataSectionId: S.cells, dataFieldId: F.cellList, row: 0, value: ["c1", "c2"] }];
    const itemAdded = await addDataValues({
      actor: world.actor,
      organizationId,
      owner: itemOwner,
      values: itemValues,
      answer: "json",
    });
    expect(itemAdded.text).toBe(JSON.stringify(await getItem({ ...modelRef, itemId: item.id })));
  });
});
