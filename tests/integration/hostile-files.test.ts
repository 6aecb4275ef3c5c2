import { strToU8 } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import type { TTemplateDraft } from "~/domain/template-draft-schema";
import { type FixtureContent, type FixtureEntry, handmadeZip } from "~/domain/archive/zip-bombs.fixture";
import { FILE_TYPES } from "~/domain/spreadsheet/file-types";
import { modelPath, postModel } from "./support/actors";
import { expectError } from "./support/contract";
import { api, apiPage, type ApiResponse } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * The files of issue 32's probe, each of which once took the server down (out of heap, or minutes without answering
 * anyone): sent through the real routes, each is refused with a 4xx that names the bound, stores nothing, leaves
 * the server answering another request meanwhile, and costs bounded memory (docs/security.md, Archives and files).
 */

let world: World;

beforeAll(async () => {
  world = await createWorld("hostile-files");
});

const MIB = 2 ** 20;

/** An XLSX package around the given sheet XML, as small as Excel's own; `sheet` may be a lying entry. */
function xlsxParts(sheet: FixtureContent): FixtureEntry[] {
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rels = 'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"';
  return [
    {
      name: "[Content_Types].xml",
      text:
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    },
    {
      name: "_rels/.rels",
      text: `<Relationships ${rels}><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: "xl/workbook.xml",
      text: `<workbook ${ns} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Items" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      text: `<Relationships ${rels}><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    { name: "xl/worksheets/sheet1.xml", ...sheet },
  ];
}

/** One cell at XFD1000, the sheet declaring itself A1:XFD1000: 16 million cells to a reader that trusts it. */
function farCellXlsx(): Uint8Array {
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  return handmadeZip(
    xlsxParts({
      text: `<worksheet ${ns}><dimension ref="A1:XFD1000"/><sheetData><row r="1000"><c r="XFD1000" t="inlineStr"><is><t>x</t></is></c></row></sheetData></worksheet>`,
    }),
  );
}

/** An AASX package whose environment part declares 1,000 bytes and unpacks to 200 MiB. */
function lyingAasx(): Uint8Array {
  const rels = 'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"';
  return handmadeZip([
    {
      name: "_rels/.rels",
      text: `<Relationships ${rels}><Relationship Type="http://admin-shell.io/aasx/relationships/aasx-origin" Target="/aasx/aasx-origin" Id="R1"/></Relationships>`,
    },
    { name: "aasx/aasx-origin", text: "Intentionally empty." },
    {
      name: "aasx/_rels/aasx-origin.rels",
      text: `<Relationships ${rels}><Relationship Type="http://admin-shell.io/aasx/relationships/aas-spec" Target="/aasx/data.json" Id="R2"/></Relationships>`,
    },
    { name: "aasx/data.json", repeat: { byte: 0x20, bytes: 200 * MIB }, declaredSize: 1_000 },
  ]);
}

type Probe = { name: string; send: () => Promise<ApiResponse>; status: number; message: RegExp };

const importPath = (modelId: string) => `${modelPath(world, modelId)}/items/import?dryRun=true`;

function sheetImport(modelId: string, bytes: Uint8Array, type: string) {
  return () => api("POST", importPath(modelId), { token: world.token, rawBody: bytes, headers: { "content-type": type } });
}

/**
 * Sends a probe while another member's request is made, sampling the process's RSS (this process serves the
 * routes): answers the probe's response, whether the other request was answered (200) before the probe was, and
 * the RSS growth at its peak.
 */
async function sendAlongside(probe: Probe, otherRequest: () => Promise<ApiResponse>) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  let isProbeAnswered = false;
  const [response, other] = await Promise.all([
    probe.send().finally(() => (isProbeAnswered = true)),
    otherRequest().then((r) => ({ status: r.status, isFirst: !isProbeAnswered })),
  ]);
  clearInterval(sampler);
  return { response, other, growth: peak - before };
}

describe("files that once crashed the app", () => {
  it("are refused with a clear 4xx, store nothing, and cost bounded memory while others are answered", async () => {
    const model = await postModel(world);
    const draft = (
      await api<TTemplateDraft>("POST", `/api/organizations/${world.organization.id}/template-drafts`, {
        token: world.token,
        body: { name: "Hostile AASX" },
      })
    ).body;
    const csv = (text: string) => sheetImport(model.id, strToU8(text), FILE_TYPES.csv);
    const probes: Probe[] = [
      {
        name: "XLSX with one cell at XFD1000",
        send: sheetImport(model.id, farCellXlsx(), FILE_TYPES.xlsx),
        status: 413,
        message: /reaches column 16,384; at most 1,000 columns/,
      },
      {
        name: "XLSX whose sheet lies about its size",
        send: sheetImport(
          model.id,
          handmadeZip(xlsxParts({ repeat: { byte: 0x3c, bytes: 200 * MIB }, declaredSize: 1_000 })),
          FILE_TYPES.xlsx,
        ),
        status: 413,
        message: /The XLSX file's entry "xl\/worksheets\/sheet1\.xml" unpacks to more than 100 times its packed size/,
      },
      // Its size declared honestly and under the 256 MiB budget: it was unpacked whole and papaparse ran out of heap.
      {
        name: "zip of CSV that expands hugely",
        send: sheetImport(model.id, handmadeZip([{ name: "items.csv", repeat: { byte: 0x2c, bytes: 200 * MIB } }]), FILE_TYPES.zip),
        status: 413,
        message: /The zip file's entry "items\.csv" unpacks to more than 100 times/,
      },
      {
        name: "32 MiB of commas",
        send: csv(",".repeat(32 * MIB - 1024)),
        status: 413,
        message: /Row 1 of sheet "Items" reaches column 1,001/,
      },
      { name: "CSV of 8 million columns", send: csv("x,".repeat(8 * MIB)), status: 413, message: /at most 1,000 columns are read/ },
      {
        name: "AASX whose environment lies about its size",
        send: () =>
          api("POST", `/api/organizations/${world.organization.id}/template-drafts/${draft.id}/aas-submodels`, {
            token: world.token,
            rawBody: lyingAasx(),
            headers: { "content-type": "application/asset-administration-shell-package" },
          }),
        status: 413,
        message: /The AASX package's entry "aasx\/data\.json" unpacks to more than 100 times/,
      },
    ];
    for (const probe of probes) {
      const { response, other, growth } = await sendAlongside(probe, () =>
        api("GET", modelPath(world, model.id), { token: world.token }),
      );
      const body = expectError(response, probe.status);
      expect(body.message, probe.name).toMatch(probe.message);
      expect(other.status, probe.name).toBe(200);
      // Before the fix the XFD1000 file alone grew the heap past 4 GB; the garbage collector's timing makes the
      // figure vary, so the bound is generous.
      expect(growth, `${probe.name}: RSS grew ${Math.round(growth / MIB)} MiB`).toBeLessThan(512 * MIB);
    }
    const items = await apiPage(`${modelPath(world, model.id)}/items`, { token: world.token });
    expect(items.body.items).toEqual([]);
    const after = await api<TTemplateDraft>("GET", `/api/organizations/${world.organization.id}/template-drafts/${draft.id}`, {
      token: world.token,
    });
    expect(after.body.revision).toBe(draft.revision);
    expect(after.body.sections).toEqual(draft.sections);
  }, 300_000);

  it("a wide file read in steps leaves the server answering others before it is refused", async () => {
    const model = await postModel(world);
    // 4,001 rows of 1,000 cells (8 MB): every row within the column bound, the file past the cells bound only at
    // its last row, so it is scanned and parsed a slice at a time to the end.
    const text = `${"x,".repeat(999)}x\n`.repeat(4_001);
    const probe: Probe = {
      name: "wide CSV",
      send: sheetImport(model.id, strToU8(text), FILE_TYPES.csv),
      status: 413,
      message: /more than 4,000,000 cells/,
    };
    const { response, other } = await sendAlongside(probe, () => api("GET", modelPath(world, model.id), { token: world.token }));
    expect(expectError(response, 413).message).toMatch(probe.message);
    expect(other).toEqual({ status: 200, isFirst: true });
  }, 120_000);
});
