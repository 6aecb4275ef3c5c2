import { placeSectionCells, type CellPlacement } from "~/domain/cell-placement";
import { placementStyle } from "~/domain/placement-style";
import { appLocaleForLanguage, type TAppLocale } from "~/domain/languages/app-locale";
import { localeKind } from "~/domain/languages/locale-value";
import { isIsoDate, isXsDateTime } from "~/domain/field-value";
import { displayIdentifier, gs1ElementString } from "~/domain/gs1/gs1-key";
import type { TPassport, TPassportField, TPassportRow, TPassportSection, TReaderLevel } from "~/domain/passport-schema";
import { languageName } from "~/domain/languages/language";
import { compareRowPaths } from "~/domain/row-path";
import { isUuid } from "~/domain/uuid";
import { html, type SafeHtml } from "~/server/public-pages/html";
import { choiceWordsOf, publicPageText, type PublicPageText } from "~/server/public-pages/page-text";
import type { RangeSides } from "~/domain/range-value";
import { PASSPORT_PAGE_CSS } from "~/server/public-pages/passport-page-css";
import { renderDocument } from "~/server/public-pages/public-document";
import { rangeText, singleValueText, type RangeWords } from "~/domain/value-text";
import { publicationBlock } from "~/server/public-pages/publication-block";
import { readingChart } from "~/server/public-pages/reading-chart";
import type { TReadingSeries } from "~/domain/reading";
import { instantHtml, localTimesScript } from "~/server/public-pages/local-times";
import { DEFAULT_TIME_ZONE, formatInstant } from "~/domain/instant-format";

/**
 * The public passport page (docs/gs1.md §The passport page): the passport's sections in template order on the
 * editor's 12-column grid (the same placement rules, `placeSectionCells`), repeaters as tables, units beside values,
 * links to other passports and files, and a note wherever fields are restricted. Plain HTML, readable without
 * script, printable.
 */
/**
 * `latestVersion`: the passport's latest published version, when the page shows an earlier one (`?version=`).
 * `locale`: the language of the page's own words (the catalogues' `publicPassport`): by default the one the
 * passport's values are shown in, where the catalogues have it (appLocaleForLanguage), else English.
 */
export function renderPassportPage(
  passport: TPassport,
  latestVersion = passport.publication?.version ?? 0,
  locale: TAppLocale = appLocaleForLanguage(passport.language),
  charts: readonly TReadingSeries[] = [],
): string {
  const t = publicPageText(locale);
  // Numbers are written as the language of the values writes them ("12,5" in German); a frozen version that does
  // not say its language is written as the page's words are.
  const numbers = passport.language ?? locale;
  const byId = new Map(passport.dataSections.map((section) => [section.id, section]));
  const roots = passport.dataSections.filter((section) => section.parentId === null || !byId.has(section.parentId));
  const chartOf: ChartOf = (field, section) => {
    const series = charts.find((c) => c.dataFieldId === field.id && c.dataSectionId === section.id);
    // In UTC with the zone named, as the page's other times before its script runs (local-times.ts).
    const time = (iso: string) => formatInstant(iso, locale, DEFAULT_TIME_ZONE);
    return series ? readingChart(series, field.name, { t, numbers, unit: unitOf(field), time }) : null;
  };
  const body = html`<main class="page">
      <header class="head">
        <p class="kicker">${t("kicker")}</p>
        <h1>${passport.name}</h1>
        ${passport.description && html`<p class="description">${passport.description}</p>`}
        <dl class="facts">
          <div>
            <dt>${t("identifiers", { count: passport.uniqueProductIdentifiers.length })}</dt>
            <dd>
              ${passport.uniqueProductIdentifiers.map((identifier) => html`<span class="mono">${displayIdentifier(identifier.value)}</span> `)}
            </dd>
          </div>
          ${
            passport.gtin &&
            html`<div>
              <dt>GTIN</dt>
              <dd><span class="mono">${gs1ElementString({ gtin: passport.gtin })}</span></dd>
            </div>`
          }
          <div>
            <dt>${t("lastUpdated")}</dt>
            <dd>${instantHtml(passport.updatedAt, locale)}</dd>
          </div>
          <div>
            <dt>${t("passportOf")}</dt>
            <dd>${passport.itemId ? t("ofItem") : t("ofModel")}</dd>
          </div>
        </dl>
        ${grantRefusedNote(passport.grantRefused, t)} ${readerNote(passport.readerLevel, t)}
        ${restrictedNote(passport.hiddenFieldCount, passport.readerLevel, t)} ${publicationBlock(passport, latestVersion, t, locale)}
      </header>
      ${languageLinks(passport, latestVersion, t)}
      ${passportContent(
        passport.language,
        roots.map((section) => renderSection(section, byId, 2, TOP, t, numbers, chartOf)),
      )}
    </main>
    ${localTimesScript()}`;
  return renderDocument({ title: t("title", { name: passport.name }), lang: locale, css: PASSPORT_PAGE_CSS, body });
}

/** The passport's content, marked with its language when known (a frozen version's page does not say it). */
function passportContent(language: string | undefined, sections: readonly (SafeHtml | null)[]): SafeHtml {
  return language
    ? html`<div class="passport-content" lang="${language}">${sections}</div>`
    : html`<div class="passport-content">${sections}</div>`;
}

/**
 * Links to the passport in each other published language (`?lang=`), each named in itself; none when the passport
 * is published in one language. An earlier version's page links to that version in each language.
 */
function languageLinks({ language, languages, publication }: TPassport, latestVersion: number, t: PublicPageText): SafeHtml | "" {
  if (!language || !languages || languages.length < 2) return "";
  const version = publication && publication.version !== latestVersion ? `version=${publication.version}&` : "";
  return html`<nav class="languages" aria-label="${t("languages")}">
    ${languages.map((tag) =>
      tag === language
        ? html`<span lang="${tag}" aria-current="true">${languageName(tag)}</span> `
        : html`<a href="?${version}lang=${encodeURIComponent(tag)}" hreflang="${tag}" lang="${tag}">${languageName(tag)}</a> `,
    )}
  </nav>`;
}

const LEVEL_NAMES = {
  "legitimate-interest": "levelLegitimateInterest",
  authority: "levelAuthority",
  member: "levelMember",
} as const satisfies Record<Exclude<TReaderLevel, "public">, string>;

const GRANT_REFUSED = {
  revoked: "grantRevoked",
  expired: "grantExpired",
  "not-valid": "grantNotValid",
} as const satisfies Record<NonNullable<TPassport["grantRefused"]>, string>;

/** Says why a link with `?grant=` shows only the public passport, rather than leaving its holder to wonder. */
function grantRefusedNote(refused: TPassport["grantRefused"], t: PublicPageText): SafeHtml | null {
  if (!refused) return null;
  return html`<p class="note refused" role="note"><strong>${t(GRANT_REFUSED[refused])}</strong> ${t("grantRefusedTail")}</p>`;
}

function readerNote(level: TReaderLevel, t: PublicPageText): SafeHtml | null {
  if (level === "public") return null;
  return html`<p class="note granted" role="note">${t("readerLevel", { level: t(LEVEL_NAMES[level]) })}</p>`;
}

function restrictedNote(hidden: number, level: TReaderLevel, t: PublicPageText): SafeHtml | null {
  if (hidden === 0) return null;
  const how = level === "public" ? t("restrictedPublic") : t("restrictedOwn");
  return html`<p class="note restricted" role="note">
    <strong>${t("restricted")}</strong> ${t("restrictedCount", { count: hidden })} ${how}
  </p>`;
}

/**
 * Where a section is drawn: `isInRepeater` inside a repeater's rows (every section there is a table of rows);
 * `parentPath` the whole path of the row of a repeater that nests (docs/data-model.md §Rows) the section is drawn
 * in, so only that row's own rows are shown there.
 */
type Scope = { isInRepeater: boolean; parentPath?: readonly number[] };

const TOP: Scope = { isInRepeater: false };

/** The chart of a field's readings (reading-chart.ts), where the reader may see it; only fields outside repeaters. */
type ChartOf = (field: TPassportField, section: TPassportSection) => SafeHtml | null;

/**
 * A section with its fields and nested sections; inside a repeater every section is a table of rows, but a repeater
 * holding repeaters is a list of its rows, each with its fields and, inside it, its nested repeaters' rows.
 */
function renderSection(
  section: TPassportSection,
  byId: Map<string, TPassportSection>,
  depth: number,
  scope: Scope,
  t: PublicPageText,
  numbers: string,
  chartOf?: ChartOf,
): SafeHtml | null {
  const children = section.subSections.flatMap((id) => byId.get(id) ?? []);
  const isTable = scope.isInRepeater || section.type === "Repeatable";
  const title = sectionTitle(section.name, depth);
  const tree = sectionTree(section, byId);
  // A repeater's fields count without rows: its table says it has none.
  if (!tree.some((s) => s.dataFields.length > 0)) return restrictedOnly(section, tree, title, t);
  const hidden = hiddenNote(section.hiddenFieldCount, t);
  if (section.type === "Repeatable" && section.rowPaths && holdsRepeater(section, byId)) {
    return renderRowTree(section, byId, depth, scope.parentPath ?? [], t, numbers);
  }
  if (isTable) {
    const inRows: Scope = { isInRepeater: true, ...(scope.parentPath && { parentPath: scope.parentPath }) };
    const tables = children.flatMap((child) => renderSection(child, byId, depth + 1, inRows, t, numbers) ?? []);
    return html`<section class="section" aria-label="${section.name}">
      ${title}${hidden}${section.dataFields.length > 0 && renderTable(section, rowsUnder(section, scope.parentPath), t, numbers)}
      ${tables}
    </section>`;
  }
  // A nested section that draws nothing (restrictedOnly: no field of the reader's, none hidden) leaves no cell either.
  const shown = children.flatMap((child) => {
    const rendered = renderSection(child, byId, depth + 1, TOP, t, numbers, chartOf);
    return rendered ? [{ child, rendered }] : [];
  });
  const placements = placeSectionCells(
    section.dataFields.map((field) => field.layout),
    shown.map(({ child }) => child.layout),
  );
  const row = section.dataValues[0] ?? {};
  return html`<section class="section" aria-label="${section.name}">
    ${title}${hidden}
    <div class="grid">
      ${section.dataFields.map(
        (field, i) =>
          html`<div class="cell field" style="${styleOf(placements.fields[i])}">
            <span class="label">${field.name}</span>
            <span class="value">${renderValue(field, row[field.id] ?? null, t, numbers)}</span>
            ${chartOf?.(field, section)}
          </div>`,
      )}
      ${shown.map(({ rendered }, i) => html`<div class="cell" style="${styleOf(placements.subSections[i])}">${rendered}</div>`)}
    </div>
  </section>`;
}

/** A section's heading at `depth`: h2…h6, which escaping leaves as it is. */
function sectionTitle(name: string, depth: number): SafeHtml {
  const heading = `h${Math.min(depth, 6)}`;
  return html`<${heading} class="section-title">${name}</${heading}>`;
}

/** The section and every section inside it, in document order. */
function sectionTree(section: TPassportSection, byId: Map<string, TPassportSection>, seen = new Set<string>()): TPassportSection[] {
  seen.add(section.id);
  const inside = section.subSections.flatMap((id) => {
    const child = byId.get(id);
    return child && !seen.has(id) ? sectionTree(child, byId, seen) : [];
  });
  return [section, ...inside];
}

/**
 * A section of which the reader sees no field: its heading and one note for every field hidden in it and in the
 * sections inside it, naming those sections — not a heading and a note per nested section (an item's condition has
 * thirteen). Nothing at all when it hides none: its fields are of another level (an item's, on a model's passport).
 * `tree` is the section and every section inside it (sectionTree).
 */
function restrictedOnly(
  section: TPassportSection,
  tree: readonly TPassportSection[],
  title: SafeHtml,
  t: PublicPageText,
): SafeHtml | null {
  const count = tree.reduce((sum, s) => sum + s.hiddenFieldCount, 0);
  const parts = tree.slice(1).flatMap((s) => (s.hiddenFieldCount > 0 ? [s.name] : []));
  const note = hiddenNote(count, t, parts);
  return note && html`<section class="section" aria-label="${section.name}">${title} ${note}</section>`;
}

/** A section's "Restricted information" note: how many fields are hidden, and in which nested sections if named. */
function hiddenNote(count: number, t: PublicPageText, parts: readonly string[] = []): SafeHtml | null {
  if (count === 0) return null;
  const text = parts.length > 0 ? t("sectionRestrictedIn", { count, parts: parts.join(", ") }) : t("sectionRestricted", { count });
  return html`<p class="note restricted small">${text}</p>`;
}

/** Whether a repeater has a repeater among the sections inside it (its rows then hold rows). */
function holdsRepeater(section: TPassportSection, byId: Map<string, TPassportSection>, seen = new Set<string>()): boolean {
  return section.subSections.some((id) => {
    const child = byId.get(id);
    if (!child || seen.has(id)) return false;
    seen.add(id);
    return child.type === "Repeatable" || holdsRepeater(child, byId, seen);
  });
}

/** Whether `path` lies inside the row at `parent` (is longer and starts with it). */
function isUnder(path: readonly number[], parent: readonly number[]): boolean {
  return path.length > parent.length && parent.every((row, i) => path[i] === row);
}

/** A section's rows inside the row at `parentPath` (all of them outside a repeater that nests). */
function rowsUnder(section: TPassportSection, parentPath: readonly number[] | undefined): TPassportRow[] {
  const paths = section.rowPaths;
  if (!parentPath || !paths) return section.dataValues;
  return section.dataValues.filter((_, i) => isUnder(paths[i] ?? [], parentPath));
}

/** A section's row at exactly `path`; empty when it has none there. */
function rowAt(section: TPassportSection, path: readonly number[]): TPassportRow {
  const at = section.rowPaths?.findIndex((p) => compareRowPaths(p, path) === 0) ?? -1;
  return section.dataValues[at] ?? {};
}

/**
 * The rows of a repeater that nests, inside the row at `parentPath`: each row any section of the repeater has a value
 * in (a row may hold values in its nested repeaters only), in order.
 */
function rowTreePaths(section: TPassportSection, byId: Map<string, TPassportSection>, parentPath: readonly number[]): number[][] {
  const keys = new Map<string, number[]>();
  const visit = (s: TPassportSection, seen: Set<string>) => {
    for (const path of s.rowPaths ?? []) {
      if (!isUnder(path, parentPath)) continue;
      const row = path.slice(0, parentPath.length + 1);
      keys.set(row.join("."), row);
    }
    for (const id of s.subSections) {
      const child = byId.get(id);
      if (child && !seen.has(id)) visit(child, seen.add(id));
    }
  };
  visit(section, new Set([section.id]));
  return [...keys.values()].sort(compareRowPaths);
}

/**
 * A repeater that holds repeaters, inside the row at `parentPath`: an ordered list of its rows, each a section named
 * by the repeater and its number there, with its own fields, its Groups' fields and its nested repeaters inside it —
 * so every inner row is read under its parent row, at 375 px as at 1280 px.
 */
function renderRowTree(
  section: TPassportSection,
  byId: Map<string, TPassportSection>,
  depth: number,
  parentPath: readonly number[],
  t: PublicPageText,
  numbers: string,
): SafeHtml {
  const paths = rowTreePaths(section, byId, parentPath);
  return html`<section class="section" aria-label="${section.name}">
    ${sectionTitle(section.name, depth)}${hiddenNote(section.hiddenFieldCount, t)}
    ${
      paths.length === 0
        ? html`<p>${t("noEntries")}</p>`
        : html`<ol class="rows">
            ${paths.map((path, i) => {
              const name = `${section.name} ${i + 1}`;
              return html`<li>
                <section class="section row" aria-label="${name}">
                  ${sectionTitle(name, depth + 1)}${renderRowFields(section, path, t, numbers)}
                  ${inRow(section, byId, depth + 2, path, t, numbers)}
                </section>
              </li>`;
            })}
          </ol>`
    }
  </section>`;
}

/** The sections inside one row of a repeater that nests: its Groups with that row's values, its repeaters' rows there. */
function inRow(
  section: TPassportSection,
  byId: Map<string, TPassportSection>,
  depth: number,
  path: readonly number[],
  t: PublicPageText,
  numbers: string,
): (SafeHtml | null)[] {
  return section.subSections.flatMap((id) => {
    const child = byId.get(id);
    if (!child) return [];
    if (child.type === "Repeatable") return [renderSection(child, byId, depth, { isInRepeater: true, parentPath: path }, t, numbers)];
    const nested = inRow(child, byId, depth + 1, path, t, numbers);
    const hidden = hiddenNote(child.hiddenFieldCount, t);
    if (child.dataFields.length === 0 && nested.every((n) => n === null) && !hidden) return [null];
    return [
      html`<section class="section" aria-label="${child.name}">
        ${sectionTitle(child.name, depth)}${hidden}${renderRowFields(child, path, t, numbers)}${nested}
      </section>`,
    ];
  });
}

/** One row's values of a section's fields, as a list of names and values (no table for one row). */
function renderRowFields(section: TPassportSection, path: readonly number[], t: PublicPageText, numbers: string): SafeHtml | null {
  if (section.dataFields.length === 0) return null;
  const row = rowAt(section, path);
  return html`<dl class="row-fields">
    ${section.dataFields.map(
      (field) =>
        html`<div>
          <dt>${field.name}</dt>
          <dd>${renderValue(field, row[field.id] ?? null, t, numbers)}</dd>
        </div>`,
    )}
  </dl>`;
}

function renderTable(section: TPassportSection, rows: readonly TPassportRow[], t: PublicPageText, numbers: string): SafeHtml {
  // A table wider than a phone scrolls sideways; keyboard users reach the scroll region by its tab stop.
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="${t("table", { name: section.name })}">
    <table>
      <thead>
        <tr>
          <th scope="col">#</th>
          ${section.dataFields.map((field) => html`<th scope="col">${field.name}${unitOf(field) && html` <span class="unit">(${unitOf(field)})</span>`}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${
          rows.length === 0
            ? html`<tr>
                <td colspan="${section.dataFields.length + 1}">${t("noEntries")}</td>
              </tr>`
            : rows.map(
                (row, i) =>
                  html`<tr>
                    <td>${i + 1}</td>
                    ${section.dataFields.map((field) => html`<td>${renderValue(field, row[field.id] ?? null, t, numbers, false)}</td>`)}
                  </tr>`,
              )
        }
      </tbody>
    </table>
  </div>`;
}

/** One value as singleValueText writes it: a choice's label ("Yes"/"No" in the page's words), a number or date in `numbers`. */
function shownValue(field: TPassportField, value: string, t: PublicPageText, numbers: string): string {
  return singleValueText(field, value, choiceWordsOf(t), numbers);
}

function unitOf(field: TPassportField): string | undefined {
  return field.options.unit || undefined;
}

/**
 * A value as a reader sees it (shownValue: a choice's label, a number or a date in the form of the `numbers` locale);
 * `withUnit` is false in tables, whose header names the unit.
 */
function renderValue(
  field: TPassportField,
  value: TPassportRow[string],
  t: PublicPageText,
  numbers: string,
  withUnit = true,
): SafeHtml {
  // A list field's entries, in order, each shown as a single value would be (docs/field-options.md §Lists).
  if (Array.isArray(value)) {
    if (value.length === 0) return html`<span class="empty">${t("notGiven")}</span>`;
    return html`<ul class="entries">
      ${value.map((entry: string) => html`<li>${renderValue(field, entry, t, numbers, withUnit)}</li>`)}
    </ul>`;
  }
  if (value === null || value === "") return html`<span class="empty">${t("notGiven")}</span>`;
  if (typeof value !== "string") return renderRange(field, value, t, numbers, withUnit);
  if (field.type === "ProductPassportLink") {
    if (isUuid(value)) return html`<a href="/p/${value.toLowerCase()}">${t("passportLink", { uuid: value })}</a>`;
    if (isHttpUrl(value)) return html`<a href="${value}" rel="noopener noreferrer">${value}</a>`;
  }
  if (field.type === "FileField" && isHttpUrl(value)) {
    return html`<a href="${value}" rel="noopener noreferrer">${fileName(value)}</a>`;
  }
  const unit = withUnit ? unitOf(field) : undefined;
  const shown = shownValue(field, value, t, numbers);
  // A date (or date and time) in the language's style keeps its stored form in `datetime`, for machines.
  const kind = localeKind(field);
  const isDate = (kind === "date" && isIsoDate(value)) || (kind === "dateTime" && isXsDateTime(value));
  return html`${isDate ? html`<time datetime="${value}">${shown}</time>` : shown}${unit && html` <span class="unit">${unit}</span>`}`;
}

/** A range field's value (src/domain/range-value.ts) in the words of value-text.ts: "10 – 20 kg", "from 10 kg", "up to 20 kg". */
function renderRange(field: TPassportField, sides: RangeSides, t: PublicPageText, numbers: string, withUnit: boolean): SafeHtml {
  const side = (text: string) => shownValue(field, text, t, numbers);
  const unit = withUnit ? unitOf(field) : undefined;
  const words: RangeWords = {
    both: (values) => t("rangeBoth", values),
    from: (values) => t("rangeFrom", values),
    to: (values) => t("rangeTo", values),
  };
  return html`${rangeText(sides, words, side)}${unit && html` <span class="unit">${unit}</span>`}`;
}

function isHttpUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/** The file a URL names, for its link text: the last path segment, else the whole URL. */
function fileName(url: string): string {
  try {
    const last = new URL(url).pathname.split("/").filter(Boolean).pop();
    return last ? decodeURIComponent(last) : url;
  } catch {
    return url;
  }
}

function styleOf(placement: CellPlacement | undefined): string {
  if (!placement) return "";
  return Object.entries(placementStyle(placement))
    .map(([name, value]) => `${name}:${String(value)}`)
    .join(";");
}
