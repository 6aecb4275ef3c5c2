import { afterEach, expect, it } from "vitest";
import { type TDataValue, tripleKey } from "~/domain/data-value";
import {
  type AssembledPassport,
  assemblePassport,
  passportDocument,
  passportFor,
  passportInLanguage,
  type PassportHeader,
} from "~/domain/passport";
import type { TPassport } from "~/domain/passport-schema";
import { buildTemplateIndex } from "~/domain/template-index";
import { assembledFromFrozen } from "~/domain/versions/frozen-passport";
import { createPrismaClient } from "~/server/db/client";
import { migrate, MIGRATIONS_DIR } from "~/server/db/migrate";
import { insertDataValues, readDataValues, readItemValuesOfItems } from "~/server/services/data-values/internal/data-value-sql";
import { readHistoryPage } from "~/server/services/history/internal/history-sql";
import { parseDefinitionOrThrow } from "~/server/services/templates/internal/parse-definition-or-throw";
import { withClient } from "./support/fresh-database";
import { databaseMigratedBefore, insertOwnerRows } from "./support/migrated-before";

/**
 * The inner-rows migration (docs/data-model.md §Rows) on a database the previous schema made, holding a model, an
 * item, their values (a multilingual one, repeater rows), history and a published version: the new code reads every
 * value, the history and the version as they were, and writes — a nested row too — after it.
 */

const INNER_ROWS_MIGRATION = "20261204010000_inner_rows";
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const S = { general: id(1), materials: id(2), origins: id(3), cell: id(4) };
const F = { name: id(11), material: id(21), origin: id(31), serial: id(41) };

const definition = {
  name: "Battery",
  description: "Before nesting",
  sectors: ["Batteries"],
  version: "1.0.0",
  sections: [
    {
      id: S.general,
      name: "General",
      type: "Group",
      parentId: null,
      subSections: [],
      dataFields: [{ id: F.name, name: "Product name", type: "TextField", options: { multilingual: "true" } }],
    },
    {
      id: S.materials,
      name: "Materials",
      type: "Repeatable",
      parentId: null,
      subSections: [S.origins],
      dataFields: [{ id: F.material, name: "Material", type: "TextField" }],
    },
    {
      id: S.origins,
      name: "Origins",
      type: "Repeatable",
      parentId: S.materials,
      subSections: [],
      dataFields: [{ id: F.origin, name: "Origin", type: "TextField" }],
    },
    {
      id: S.cell,
      name: "Cell",
      type: "Group",
      parentId: null,
      granularityLevel: "Item",
      subSections: [],
      dataFields: [{ id: F.serial, name: "Serial number", type: "TextField", granularityLevel: "Item" }],
    },
  ],
};

const MODEL_VALUES: TDataValue[] = [
  { dataSectionId: S.general, dataFieldId: F.name, row: 0, language: "en", value: "Cell pack" },
  { dataSectionId: S.general, dataFieldId: F.name, row: 0, language: "de", value: "Zellpaket" },
  { dataSectionId: S.materials, dataFieldId: F.material, row: 0, value: "Lithium" },
  { dataSectionId: S.materials, dataFieldId: F.material, row: 1, value: "Cobalt" },
];
/** Values in one order, languages too. */
const sorted = (values: readonly TDataValue[]) =>
  [...values].sort((a, b) => `${tripleKey(a)}|${a.language ?? ""}`.localeCompare(`${tripleKey(b)}|${b.language ?? ""}`));

const ITEM_VALUES: TDataValue[] = [{ dataSectionId: S.cell, dataFieldId: F.serial, row: 0, value: "SN-1" }];

it("keeps every value, the history and a published version readable, and takes writes at every level after it", async () => {
  const fresh = await databaseMigratedBefore(INNER_ROWS_MIGRATION);
  cleanups.push(fresh.drop);
  const sections = parseDefinitionOrThrow(definition, "template").sections;
  const index = buildTemplateIndex(sections);
  const [org, user, template, model, item, upi] = ["org-a", "user-1", id(100), id(101), id(102), id(103)];
  const header = {
    id: model,
    name: "M",
    description: "",
    uniqueProductIdentifiers: [{ uuid: upi, value: "SN-M" }],
    modelId: model,
    itemId: null,
    templateId: template,
    updatedAt: "2026-12-01T00:00:00.000Z",
  } as unknown as PassportHeader;
  const frozen = passportDocument(
    assemblePassport({ header, index, modelValues: MODEL_VALUES, defaultLanguage: "en", publishedLanguages: ["en", "de"] }),
    "public",
  );

  await withClient(fresh.url, async (client) => {
    await insertOwnerRows(client, { org, user, template, model, item }, { name: "Battery", version: "1.0.0", sections });
    for (const v of MODEL_VALUES) {
      await client.query(
        `INSERT INTO "data_value" ("modelId", "dataSectionId", "dataFieldId", "row", "language", "value") VALUES ($1, $2, $3, $4, $5, $6)`,
        [model, v.dataSectionId, v.dataFieldId, v.row, v.language ?? "", v.value],
      );
    }
    await client.query(
      `INSERT INTO "item_data_value" ("itemId", "dataSectionId", "dataFieldId", "row", "language", "value") VALUES ($1, $2, $3, 0, '', 'SN-1')`,
      [item, S.cell, F.serial],
    );
    await client.query(
      `INSERT INTO "passport_change" ("organizationId", "ownerKind", "modelId", "userId", "via", "valueSectionIds", "valueFieldIds",
                                      "valueRows", "valueKinds", "oldValues", "newValues", "valueLanguages")
       VALUES ($1, 'model', $2, $3, 'api', $4::uuid[], $5::uuid[], '{1,0}', '{add,modify}', $6::text[], $7::text[], '{"",de}')`,
      [org, model, user, [S.materials, S.general], [F.material, F.name], [null, "Zelle"], ["Cobalt", "Zellpaket"]],
    );
    await client.query(
      `INSERT INTO "passport_version" ("id", "organizationId", "ownerKind", "ownerId", "modelId", "passportUuid", "n", "publishedAt",
                                       "publishedBy", "documents", "hashes", "hash", "jws")
       VALUES ($1, $2, 'model', $3, $3, $4, 1, now(), $5, $6, '{}', 'h1', '{}')`,
      [id(104), org, model, upi, user, JSON.stringify({ public: frozen })],
    );
  });

  const result = await migrate(fresh.url, MIGRATIONS_DIR);
  // This migration first; those after it (later changes of the schema) may follow.
  expect(result.applied[0]).toBe(INNER_ROWS_MIGRATION);

  const db = createPrismaClient(fresh.url, 2);
  cleanups.push(() => db.$disconnect());
  const modelOwner = { kind: "model", id: model } as const;
  // Every value as it was: the same rows, no inner rows.
  expect(sorted(await readDataValues(db, modelOwner))).toEqual(sorted(MODEL_VALUES));
  expect((await readItemValuesOfItems(db, [item])).get(item)).toEqual(ITEM_VALUES);
  // The history: each value change where it was, without inner rows.
  const { entries } = await readHistoryPage(db, modelOwner, { beforeId: undefined, limit: 10 });
  expect(entries.map((entry) => entry.changes)).toEqual([
    [
      { dataSectionId: S.general, dataFieldId: F.name, row: 0, language: "de", kind: "modify", from: "Zelle", to: "Zellpaket" },
      { dataSectionId: S.materials, dataFieldId: F.material, row: 1, kind: "add", from: null, to: "Cobalt" },
    ].sort((a, b) => a.dataSectionId.localeCompare(b.dataSectionId)),
  ]);
  // The published version: its document unchanged, and read by the new code as the working copy reads the values.
  const [version] = await db.$queryRaw<{ documents: { public: TPassport } }[]>`SELECT "documents" FROM "passport_version"`;
  expect(version?.documents.public).toEqual(JSON.parse(JSON.stringify(frozen)));
  const working = assemblePassport({
    header,
    index,
    modelValues: await readDataValues(db, modelOwner),
    defaultLanguage: "en",
    publishedLanguages: ["en", "de"],
  });
  const document = version?.documents.public as TPassport;
  expect(passportInLanguage(document, "de").dataSections).toEqual(passportFor(working, "public", "de").dataSections);
  // Its AAS export's source (assembledFromFrozen) holds the rows the working copy holds.
  const rowsOf = (assembled: AssembledPassport) => assembled.sections.map((s) => s.fields.map((f) => [...f.rows]));
  expect(rowsOf(assembledFromFrozen(document, "public", index))).toEqual(rowsOf(working));

  // A write after the migration: a new outer row, and a row of the nested repeater inside an existing one.
  const written: TDataValue[] = [
    { dataSectionId: S.materials, dataFieldId: F.material, row: 2, value: "Nickel" },
    { dataSectionId: S.origins, dataFieldId: F.origin, row: 1, innerRows: [0], value: "Chile" },
  ];
  expect(await insertDataValues(db, modelOwner, written)).toBe(2);
  expect(sorted(await readDataValues(db, modelOwner))).toEqual(sorted([...MODEL_VALUES, ...written]));
});
