import { describe, expect, it } from "vitest";
import { formatInstant, INSTANT_FORMAT } from "~/domain/instant-format";
import type { TPassport, TPassportSection } from "~/domain/passport-schema";
import { renderPassportPage } from "~/server/public-pages/passport-page";

const UUID = "0b7c6f1e-8a53-4c3e-9d2a-3f5e1c7a9b20";

/** A passport with two identifiers, restricted fields and a published version: most of the page's own words. */
const PASSPORT: TPassport = {
  id: UUID,
  name: "Pack <A>",
  description: "",
  modelId: UUID,
  templateId: UUID,
  updatedAt: "2026-11-26T14:05:00.000Z",
  gtin: null,
  uniqueProductIdentifiers: [
    { uuid: UUID, value: "SN-1" },
    { uuid: "1b7c6f1e-8a53-4c3e-9d2a-3f5e1c7a9b20", value: "SN-2" },
  ],
  version: "1",
  readerLevel: "authority",
  hiddenFieldCount: 2,
  grantRefused: undefined,
  dataSections: [],
  publication: { state: "published", version: 2, publishedAt: "2026-11-26T14:05:00.000Z", hash: "ab".repeat(32) },
};

const all = (n: number) => ({ xs: n, sm: n, md: n, lg: n, xl: n });
const FULL_WIDTH = { colStart: all(1), colSpan: all(12), rowStart: all(1), rowSpan: all(1) };

function modelField(id: string, type: "NumericField" | "TextField", options: Record<string, string> = {}) {
  return { id, name: type, type, options, granularityLevel: "Model", layout: FULL_WIDTH } as const;
}

/** PASSPORT with a group of `fields` holding `values`, and a repeater of the same fields with them as its one row. */
function groupAndTable(
  idPrefix: string,
  fields: TPassportSection["dataFields"],
  values: TPassportSection["dataValues"][number],
): TPassport {
  const section = (id: string, type: "Group" | "Repeatable") => ({
    id,
    name: type,
    type,
    parentId: null,
    subSections: [],
    granularityLevel: "Model" as const,
    layout: FULL_WIDTH,
    dataFields: fields,
    dataValues: [values],
    hiddenFieldCount: 0,
  });
  return {
    ...PASSPORT,
    dataSections: [
      section(`${idPrefix}7c6f1e-8a53-4c3e-9d2a-3f5e1c7a9b20`, "Group"),
      section(`${idPrefix}8c6f1e-8a53-4c3e-9d2a-3f5e1c7a9b20`, "Repeatable"),
    ],
  };
}

describe("the public passport page's own words come from the catalogues (docs/app-text.md)", () => {
  it("is English by default, as before", () => {
    const page = renderPassportPage(PASSPORT);
    expect(page).toContain('<html lang="en">');
    expect(page).toContain("<title>Pack &lt;A&gt; · Digital product passport</title>");
    expect(page).toContain("<dt>Identifiers</dt>");
    expect(page).toContain("This passport is shown with the access of market surveillance authorities.");
    expect(page).toContain("2 fields of this passport are not shown.");
    expect(page).toMatch(/Version 2<\/strong\s*>\s*\(latest\), published/);
    expect(page).toContain('<time datetime="2026-11-26T14:05:00.000Z" data-instant>Nov 26, 2026, 2:05 PM UTC</time>');
    expect(page).toContain("Other versions");
    expect(page).toContain("Signature not checked yet (needs script; or run <code>passport:verify</code>).");
    expect(page).toContain('"verified":"Verified: signed by the publisher\'s key ({kid}…), hash matches."');
  });

  it("speaks German and French when asked, dates too, with the document's lang", () => {
    const de = renderPassportPage(PASSPORT, 2, "de");
    expect(de).toContain('<html lang="de">');
    expect(de).toContain("<title>Pack &lt;A&gt; · Digitaler Produktpass</title>");
    expect(de).toContain("<dt>Kennungen</dt>");
    expect(de).toContain("Dieser Pass wird mit dem Zugang der Marktüberwachungsbehörden angezeigt.");
    expect(de).toContain("2 Felder dieses Passes werden nicht angezeigt.");
    expect(de).toContain("26. Nov. 2026, 14:05 UTC");
    expect(de).toContain("Andere Versionen");
    expect(de).toContain("oder <code>passport:verify</code> ausführen).");
    expect(de).not.toMatch(/Digital product passport|Other versions|Not verified/);

    const fr = renderPassportPage(PASSPORT, 3, "fr");
    expect(fr).toContain('<html lang="fr">');
    expect(fr).toContain("Passeport numérique de produit");
    expect(fr).toMatch(
      /Version 2<\/strong\s*>\s*— une version antérieure ; <a href="\?" data-keep-grant>voir la plus récente<\/a>, publiée le/,
    );
    expect(fr).toContain("Ce passeport est affiché avec l’accès des autorités de surveillance du marché.");
    expect(fr).not.toMatch(/Digital product passport|Other versions|Not verified/);
  });

  it("writes every time in UTC, named, by the app's one formatter, and leaves the browser's zone to the page's script", () => {
    const page = renderPassportPage({ ...PASSPORT, updatedAt: "2026-11-27T09:30:00.000Z" });
    const times = [...page.matchAll(/<time datetime="([^"]+)" data-instant>([^<]+)<\/time>/gu)];
    expect(times.map((m) => [m[1], m[2]])).toEqual([
      ["2026-11-27T09:30:00.000Z", formatInstant("2026-11-27T09:30:00.000Z", "en", "UTC")],
      ["2026-11-26T14:05:00.000Z", formatInstant("2026-11-26T14:05:00.000Z", "en", "UTC")],
    ]);
    expect(page).toContain(`{ ...${JSON.stringify(INSTANT_FORMAT)}, timeZone }`);
  });

  it("follows the language the passport's values are shown in (docs/languages.md), English where no catalogue has it", () => {
    const german = renderPassportPage({ ...PASSPORT, language: "de-AT", languages: ["en", "de-AT", "it"] });
    expect(german).toContain('<html lang="de">');
    expect(german).toContain('<div class="passport-content" lang="de-AT">');
    expect(german).toContain('<nav class="languages" aria-label="Sprachen">');
    expect(german).toContain("<dt>Kennungen</dt>");
    const italian = renderPassportPage({ ...PASSPORT, language: "it", languages: ["en", "it"] });
    expect(italian).toContain('<html lang="en">');
    expect(italian).toContain('<div class="passport-content" lang="it">');
    expect(italian).toContain('hreflang="en"');
  });

  it("writes numbers as the language of the values writes them, in fields and in tables", () => {
    const numeric = modelField("2b7c6f1e-8a53-4c3e-9d2a-3f5e1c7a9b20", "NumericField", { unit: "kg" });
    const text = modelField("3b7c6f1e-8a53-4c3e-9d2a-3f5e1c7a9b20", "TextField");
    const passport = groupAndTable("4b", [numeric, text], { [numeric.id]: "-1234.50", [text.id]: "12.5" });
    const german = renderPassportPage({ ...passport, language: "de", languages: ["de", "en"] });
    expect(german).toContain('<span class="value">-1234,50 <span class="unit">kg</span></span>');
    expect(german).toContain("<td>-1234,50</td>");
    // A text that looks like a number is text: it is shown as written.
    expect(german).toContain('<span class="value">12.5</span>');
    const english = renderPassportPage({ ...passport, language: "en", languages: ["de", "en"] });
    expect(english).toContain('<span class="value">-1234.50 <span class="unit">kg</span></span>');
    // A frozen version that does not say its language is written as the page's words are.
    expect(renderPassportPage(passport, 2, "fr")).toContain("<td>-1234,50</td>");
  });

  it("writes dates and dates with times as the language of the values writes them, the stored form kept in datetime", () => {
    const made = modelField("2d7c6f1e-8a53-4c3e-9d2a-3f5e1c7a9b20", "TextField", { format: "date" });
    const checked = modelField("3d7c6f1e-8a53-4c3e-9d2a-3f5e1c7a9b20", "TextField", { format: "dateTime" });
    const passport = groupAndTable("4d", [made, checked], { [made.id]: "2027-01-15", [checked.id]: "2027-01-15T08:30:00Z" });
    const german = renderPassportPage({ ...passport, language: "de", languages: ["de", "en"] });
    expect(german).toContain('<span class="value"><time datetime="2027-01-15">15.01.2027</time></span>');
    expect(german).toContain('<td><time datetime="2027-01-15T08:30:00Z">15.01.2027, 08:30:00 UTC</time></td>');
    // A value that is no date (stored before the format was set) is shown as written.
    const loose = renderPassportPage({
      ...groupAndTable("5d", [made], { [made.id]: "early 2027" }),
      language: "de",
      languages: ["de"],
    });
    expect(loose).toContain('<span class="value">early 2027</span>');
  });

  it("shows a yes/no field's true and false as yes and no in the page's language, in fields, tables and lists", () => {
    const single = modelField("2c7c6f1e-8a53-4c3e-9d2a-3f5e1c7a9b20", "TextField", { choices: "true|false" });
    const list = modelField("3c7c6f1e-8a53-4c3e-9d2a-3f5e1c7a9b20", "TextField", { choices: "true|false", list: "true" });
    const passport = groupAndTable("4c", [single, list], { [single.id]: "true", [list.id]: ["false", "true"] });
    const german = renderPassportPage({ ...passport, language: "de", languages: ["de", "en"] });
    expect(german).toContain('<span class="value">Ja</span>');
    expect(german).toContain("<td>Ja</td>");
    expect(german).toMatch(/<ul class="entries">\s*<li>Nein<\/li>\s*<li>Ja<\/li>\s*<\/ul>/);
    expect(german).not.toMatch(/>(true|false)</);
    const english = renderPassportPage({ ...passport, language: "en", languages: ["de", "en"] });
    expect(english).toContain('<span class="value">Yes</span>');
    expect(english).toMatch(/<li>No<\/li>/);
  });

  it("charts a field's readings as an image with a text alternative and the numbers in a table, in the values' language", () => {
    const all = (n: number) => ({ xs: n, sm: n, md: n, lg: n, xl: n });
    const layout = { colStart: all(1), colSpan: all(12), rowStart: all(1), rowSpan: all(1) };
    const health = { id: "6b7c6f1e-8a53-4c3e-9d2a-3f5e1c7a9b20", name: "State of health", type: "NumericField" } as const;
    const sectionId = "7b7c6f1e-8a53-4c3e-9d2a-3f5e1c7a9b20";
    const passport: TPassport = {
      ...PASSPORT,
      language: "de",
      languages: ["de"],
      dataSections: [
        {
          id: sectionId,
          name: "Condition",
          type: "Group",
          parentId: null,
          subSections: [],
          granularityLevel: "Item",
          layout,
          dataFields: [{ ...health, options: { unit: "%" }, granularityLevel: "Item", layout }],
          dataValues: [{ [health.id]: "96.5" }],
          hiddenFieldCount: 0,
        },
      ],
    };
    const bucket = (hour: number, min: number, max: number, last: string) => ({
      at: `2027-02-18T${String(hour).padStart(2, "0")}:00:00.000Z`,
      count: 60,
      min,
      max,
      avg: (min + max) / 2,
      last,
    });
    const chart = {
      dataSectionId: sectionId,
      dataFieldId: health.id,
      from: "2027-02-18T00:00:00.000Z",
      to: "2027-02-18T03:00:00.000Z",
      buckets: [bucket(0, 99, 99.5, "99"), bucket(1, 97.25, 98, "97.25"), bucket(2, 96.5, 97, "96.5")],
    };
    const page = renderPassportPage(passport, 2, "de", [chart]);
    const svg = /<svg [^>]*role="img" aria-labelledby="chart-([0-9a-f-]+)"/.exec(page);
    expect(svg?.[1]).toBe(health.id);
    const caption = new RegExp(`<figcaption id="chart-${health.id}">([^<]*)</figcaption>`).exec(page)?.[1];
    expect(caption).toBe(
      "Messwerte: 180 Messwerte vom 18. Feb. 2027, 00:00 UTC bis 18. Feb. 2027, 03:00 UTC; " +
        "niedrigster 96,5 %, höchster 99,5 %, letzter 96,5 %.",
    );
    expect(page).toContain("<summary>Die Messwerte als Tabelle</summary>");
    expect(page.match(/<td>60<\/td>/g)).toHaveLength(3);
    expect(page).toContain("<td>97,625 %</td>");
    expect(page).toContain("<td>18. Feb. 2027, 01:00 UTC</td>");
    // Time runs across the view box, the values up it: the means' line falls, inside the band from lowest to highest.
    expect(page).toContain('<polyline class="chart-line" points="0,13.3 100,61 200,86.7"');
    expect(page).toContain('<polygon class="chart-band" points="0,6 100,50 200,79.3 200,94 100,72 0,20.7"');
    // Without readings, or for a field the reader does not see, no chart.
    expect(renderPassportPage(passport, 2, "de")).not.toContain("<svg");
  });
});

describe("the public passport page's layout", () => {
  const all = (n: number) => ({ xs: n, sm: n, md: n, lg: n, xl: n });
  const layoutAt = (row: number) => ({ colStart: all(1), colSpan: all(12), rowStart: all(row), rowSpan: all(1) });
  const id = (n: number) => `${n}c7c6f1e-8a53-4c3e-9d2a-3f5e1c7a9b20`;
  const section = (n: number, name: string, parent: number | null, more: Partial<TPassportSection> = {}): TPassportSection => ({
    id: id(n),
    name,
    type: "Group",
    parentId: parent === null ? null : id(parent),
    subSections: [],
    granularityLevel: "Model",
    layout: layoutAt(1),
    dataFields: [],
    dataValues: [],
    hiddenFieldCount: 0,
    ...more,
  });
  const field = (n: number, name: string, row: number) =>
    ({ id: id(n), name, type: "TextField", options: {}, granularityLevel: "Model", layout: layoutAt(row) }) as const;

  it("leaves out what this reader has nothing of, without empty bands or empty headings where it was", () => {
    // A model's passport: its Item-level fields (rows 2 and 3 of the nameplate) and its Item-level sections (the
    // condition, nested or at the root) hold nothing here. The restricted section still says why it is empty.
    const passport: TPassport = {
      ...PASSPORT,
      hiddenFieldCount: 1,
      dataSections: [
        section(1, "Nameplate", null, {
          subSections: [id(2), id(4)],
          dataFields: [field(11, "Maker", 1), field(12, "Plant", 4)],
          dataValues: [{ [id(11)]: "ACME", [id(12)]: "Ulm" }],
        }),
        section(2, "Condition", 1, { granularityLevel: "Item", subSections: [id(3)] }),
        section(3, "Remaining power", 2, { granularityLevel: "Item" }),
        section(4, "Markings", 1, { type: "Repeatable", dataFields: [field(13, "Marking", 1)] }),
        section(5, "Product condition", null, { granularityLevel: "Item", subSections: [id(6)] }),
        section(6, "Events", 5, { type: "Repeatable", granularityLevel: "Item" }),
        section(7, "Supply chain", null, { hiddenFieldCount: 1 }),
      ],
    };
    const page = renderPassportPage(passport);
    for (const name of ["Condition", "Remaining power", "Product condition", "Events"]) {
      expect(page).not.toContain(`aria-label="${name}"`);
    }
    expect(page).toContain('aria-label="Markings"');
    expect(page).toMatch(
      /aria-label="Supply chain">\s*<h2 class="section-title">Supply chain<\/h2>\s*<p class="note restricted small">/,
    );
    // The nameplate's two fields, then its one nested section shown, in consecutive rows at every breakpoint.
    const rows = [...page.matchAll(/<div class="cell[^"]*" style="([^"]*)"/g)].map(
      (match) => /--rs-xs:(\d+)/.exec(match[1] ?? "")?.[1],
    );
    expect(rows).toEqual(["1", "2", "3"]);
  });

  it("gives a section of which the reader sees no field one note for its whole tree, naming the sections inside", () => {
    // An item's condition read by the public: every value is for persons with a legitimate interest.
    const passport: TPassport = {
      ...PASSPORT,
      hiddenFieldCount: 6,
      dataSections: [
        section(1, "Condition", null, { granularityLevel: "Item", hiddenFieldCount: 1, subSections: [id(2), id(3), id(4)] }),
        section(2, "Energy", 1, { granularityLevel: "Item", hiddenFieldCount: 2 }),
        section(3, "Capacity", 1, { granularityLevel: "Item" }),
        section(4, "Events", 1, { type: "Repeatable", granularityLevel: "Item", hiddenFieldCount: 3 }),
      ],
    };
    const page = renderPassportPage(passport);
    expect(page).toContain('aria-label="Condition"');
    for (const name of ["Energy", "Capacity", "Events"]) expect(page).not.toContain(`aria-label="${name}"`);
    expect(page.match(/<p class="note restricted small">[^<]*<\/p>/g)).toEqual([
      '<p class="note restricted small">Restricted information: 6 fields not shown, in Energy, Events.</p>',
    ]);
    // In German, too.
    expect(renderPassportPage(passport, 0, "de")).toContain(
      "Eingeschränkte Angaben: 6 Felder werden nicht angezeigt, in Energy, Events.",
    );
  });
});
