import ExcelJS from "exceljs";
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_VALUE_LENGTH } from "~/domain/data-value";
import { MAX_IDENTIFIER_LENGTH } from "~/domain/identifier-values";
import type { TModel } from "~/domain/model-schema";
import type { TItemImportReport } from "~/domain/spreadsheet/item-import-schema";
import { headerRows, itemSheetsLayout } from "~/domain/spreadsheet/item-sheet-layout";
import { spreadsheetSections } from "~/domain/spreadsheet/spreadsheet-template.fixture";
import { FILE_TYPES } from "~/domain/spreadsheet/file-types";
import { escapeSpreadsheetCell } from "~/domain/spreadsheet-cell";
import { buildTemplateIndex } from "~/domain/template-index";
import { getDb } from "~/server/db/client";
import { importTemplate } from "~/server/services/templates/import-template";
import { appRouter } from "~/server/trpc/_app";
import { createCallerFactory } from "~/server/trpc/trpc";
import { dataValuesPath, getModelOf, modelPath, postModel } from "./support/actors";
import { dv, expectError, expectModel } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * One value rule set for every sender (docs/api.md §Routes): a value over 10,000 characters, an identifier over 200,
 * a lone surrogate and a NUL are refused with 400 — never stored, never a 500 — whether they come through REST,
 * tRPC, a DPP merge patch, an AAS environment (PUT …/aas) or a spreadsheet import (whose dry run reports them too).
 */

type BadInput = { name: string; value: string; isIdentifier?: true };

const BAD_INPUTS: readonly BadInput[] = [
  { name: "an over-long value", value: "v".repeat(MAX_VALUE_LENGTH + 1) },
  { name: "a lone surrogate", value: "Cell \ud83d pack" },
  { name: "a NUL", value: "Cell\u0000pack" },
  { name: "an over-long identifier", value: "I".repeat(MAX_IDENTIFIER_LENGTH + 1), isIdentifier: true },
];

/** What a sender answered: the status and everything it said, to find the field or row it names. */
type Refusal = { status: number; text: string };

type Sender = {
  name: string;
  /** Sends `value` as the model's "Product name" (or, for an identifier, as a new item's identifier). */
  send: (model: TModel, input: BadInput) => Promise<Refusal>;
  /** Whether the sender carries identifiers at all (a merge patch and an AAS environment set values only). */
  hasIdentifiers: boolean;
};

let world: World;
let sheetTemplateId: string;

beforeAll(async () => {
  world = await createWorld("value-rules");
  const definition = {
    id: crypto.randomUUID(),
    name: "Spreadsheet battery",
    sections: spreadsheetSections().map(({ layout: _layout, dataFields, ...section }) => ({
      ...section,
      dataFields: dataFields.map(({ layout: _fieldLayout, ...field }) => field),
    })),
  };
  sheetTemplateId = (await importTemplate({ organizationId: world.organization.id, createdByUserId: world.user.id, definition })).id;
});

const refusal = (response: { status: number; body: unknown }): Refusal => ({
  status: response.status,
  text: JSON.stringify(response.body),
});

async function trpcRefusal(call: () => Promise<unknown>): Promise<Refusal> {
  try {
    return { status: 200, text: JSON.stringify(await call()) };
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return { status: error.code === "BAD_REQUEST" ? 400 : 500, text: `${error.message} ${JSON.stringify(error.cause ?? null)}` };
  }
}

const MARKER = "MARKER-VALUE";

async function itemCount(modelId: string): Promise<number> {
  const [row] = await getDb().$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS "count" FROM "item" WHERE "modelId" = ${modelId}::uuid`;
  return row?.count ?? -1;
}

/** Replaces every string equal to MARKER in a JSON value: the AAS environment with the bad value in its place. */
function replaced(value: unknown, by: string): unknown {
  if (value === MARKER) return by;
  if (Array.isArray(value)) return value.map((v) => replaced(v, by));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaced(v, by)]));
  }
  return value;
}

const itemsLayout = itemSheetsLayout(buildTemplateIndex(spreadsheetSections())).items;

/** An XLSX file of one item: the identifier, or the Notes text cell, holds the input (cells escaped as the export does). */
async function itemsFile(input: BadInput): Promise<Uint8Array> {
  // In a cell, NUL and a lone surrogate can only travel as the XLSX escapes `_x0000_` and `_xD83D_` (as Excel writes
  // them); exceljs reads them back as the characters.
  const cell = input.value.replace("\u0000", "_x0000_").replace("\ud83d", "_xD83D_");
  const identifier = input.isIdentifier ? cell : `ID-${crypto.randomUUID()}`;
  const notes = input.isIdentifier ? "fine" : cell;
  const row = [identifier, notes, "LFP", "2024-02-29", "B1", "S-1", "1.5", crypto.randomUUID(), "files/m.pdf"];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(itemsLayout.name);
  for (const cells of [...headerRows(itemsLayout), row]) sheet.addRow(cells.map((c) => (c === cell ? c : escapeSpreadsheetCell(c))));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const SENDERS: readonly Sender[] = [
  {
    name: "REST PATCH data-values / POST items",
    hasIdentifiers: true,
    send: async (model, input) =>
      refusal(
        input.isIdentifier
          ? await api("POST", `${modelPath(world, model.id)}/items`, {
              token: world.token,
              body: { uniqueProductIdentifiers: [{ value: input.value }] },
            })
          : await api("PATCH", dataValuesPath(world, model.id), {
              token: world.token,
              body: [dv(IDS.general, IDS.name, 0, input.value)],
            }),
      ),
  },
  {
    name: "tRPC dataValues.modify / items.create",
    hasIdentifiers: true,
    send: async (model, input) => {
      const caller = createCallerFactory(appRouter)({ headers: new Headers(), actor: world.actor });
      const target = { organizationId: world.organization.id, modelId: model.id };
      return trpcRefusal(() =>
        input.isIdentifier
          ? caller.items.create({ ...target, item: { uniqueProductIdentifiers: [{ value: input.value }] } })
          : caller.dataValues.modify({ ...target, ifMatch: model.version, values: [dv(IDS.general, IDS.name, 0, input.value)] }),
      );
    },
  },
  {
    name: "DPP API CreateDPP / merge patch",
    hasIdentifiers: true,
    send: async (model, input) => {
      if (input.isIdentifier) {
        const body = { organizationId: world.organization.id, modelId: model.id, uniqueProductIdentifiers: [{ value: input.value }] };
        return refusal(await api("POST", "/api/v1/dpps", { token: world.token, body }));
      }
      const dppId = model.uniqueProductIdentifiers[0]?.uuid ?? "";
      const headers = { "content-type": "application/merge-patch+json" };
      const copy = await api<Record<string, unknown>>("PATCH", `/api/v1/dpps/${dppId}`, { token: world.token, body: {}, headers });
      const general = Object.keys(copy.body).find((key) => key.endsWith(`/submodels/${IDS.general}`)) ?? "";
      const body = { [general]: { ProductName: input.value } };
      return refusal(await api("PATCH", `/api/v1/dpps/${dppId}`, { token: world.token, body, headers }));
    },
  },
  {
    name: "AAS PUT …/aas",
    hasIdentifiers: false,
    send: async (model, input) => {
      const environment = (await api("GET", `${modelPath(world, model.id)}/aas`, { token: world.token })).body;
      expect(JSON.stringify(environment)).toContain(MARKER);
      const body = replaced(environment, input.value);
      return refusal(await api("PUT", `${modelPath(world, model.id)}/aas`, { token: world.token, body }));
    },
  },
  {
    name: "spreadsheet import (dry run, then for real)",
    hasIdentifiers: true,
    send: async (_model, input) => {
      const model = await postModel(world, { templateId: sheetTemplateId });
      const file = await itemsFile(input);
      const path = (dryRun: boolean) => `${modelPath(world, model.id)}/items/import?dryRun=${dryRun}`;
      const options = { token: world.token, rawBody: file, headers: { "content-type": FILE_TYPES.xlsx } };
      const dry = await api<TItemImportReport>("POST", path(true), options);
      expect(dry.status).toBe(200);
      // The dry run says what the import will: one problem, at the item's row.
      expect(dry.body.problems).toMatchObject([{ sheet: itemsLayout.name, row: 3 }]);
      const real = await api("POST", path(false), options);
      expect(await itemCount(model.id)).toBe(0);
      return refusal(real);
    },
  },
];

describe.each(SENDERS)("$name", (sender) => {
  it.each(BAD_INPUTS.filter((input) => sender.hasIdentifiers || !input.isIdentifier))(
    "refuses $name with 400, naming it, and stores nothing",
    async (input) => {
      const model = await postModel(world);
      const marked = expectModel(
        await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: [dv(IDS.general, IDS.name, 0, MARKER)] }),
        200,
      );
      const answer = await sender.send(marked, input);
      expect(answer.status, answer.text).toBe(400);
      const named = input.isIdentifier ? /identifier/i : /Product ?name|Notes|value/i;
      expect(answer.text).toMatch(named);
      const after = await getModelOf(world, model.id);
      expect(after.version).toBe(marked.version);
      expect(after.dataValues.find((v) => v.dataFieldId === IDS.name)?.value).toBe(MARKER);
      expect(await itemCount(model.id)).toBe(0);
    },
  );
});

it("a JSON number a double cannot hold is refused with 400 naming it and the precision, on a merge patch as anywhere", async () => {
  const model = await postModel(world);
  const dppId = model.uniqueProductIdentifiers[0]?.uuid ?? "";
  const headers = { "content-type": "application/merge-patch+json" };
  const copy = await api<Record<string, unknown>>("PATCH", `/api/v1/dpps/${dppId}`, { token: world.token, body: {}, headers });
  const general = Object.keys(copy.body).find((key) => key.endsWith(`/submodels/${IDS.general}`)) ?? "";
  for (const number of ["12345678901234567890", "1.00000000000000000001"]) {
    const rawBody = `{${JSON.stringify(general)}: {"Weight": ${number}}}`;
    const refused = await api("PATCH", `/api/v1/dpps/${dppId}`, { token: world.token, rawBody, headers });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(`The number ${number} cannot be kept exactly`);
    const rest = await api("PATCH", dataValuesPath(world, model.id), {
      token: world.token,
      rawBody: `[{"dataSectionId": "${IDS.general}", "dataFieldId": "${IDS.weight}", "row": 0, "value": ${number}}]`,
      headers: { "content-type": "application/json" },
    });
    expect(expectError(rest, 400).message).toContain("15 significant digits");
  }
  expect((await getModelOf(world, model.id)).version).toBe(model.version);
  // As a string the same digits are kept exactly (the field's max is 1000, so a small one).
  const exact = "999.00000000000000000001";
  const written = await api<Record<string, Record<string, unknown>>>("PATCH", `/api/v1/dpps/${dppId}`, {
    token: world.token,
    body: { [general]: { Weight: exact } },
    headers,
  });
  expect(written.status, JSON.stringify(written.body)).toBe(200);
  expect((await getModelOf(world, model.id)).dataValues.find((v) => v.dataFieldId === IDS.weight)?.value).toBe(exact);
});
