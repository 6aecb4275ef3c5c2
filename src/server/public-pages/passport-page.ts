import { placeSectionCells, type CellPlacement } from "~/components/layout-grid/cell-placement";
import { placementStyle } from "~/components/layout-grid/placement-style";
import type { TDataField } from "~/domain/template-schema";
import { displayIdentifier, gs1ElementString } from "~/domain/gs1/gs1-key";
import type { TPassport, TPassportSection, TReaderLevel } from "~/domain/passport-schema";
import { languageName } from "~/domain/language";
import { isUuid } from "~/domain/uuid";
import { html, type SafeHtml } from "~/server/public-pages/html";
import { PASSPORT_PAGE_CSS } from "~/server/public-pages/passport-page-css";
import { renderDocument } from "~/server/public-pages/public-document";
import { publicationBlock } from "~/server/public-pages/publication-block";

/**
 * The public passport page (docs/gs1.md §The passport page): the passport's sections in template order on the
 * editor's 12-column grid (the same placement rules, `placeSectionCells`), repeaters as tables, units beside values,
 * links to other passports and files, and a note wherever fields are restricted. Plain HTML, readable without
 * script, printable.
 */
/** `latestVersion`: the passport's latest published version, when the page shows an earlier one (`?version=`). */
export function renderPassportPage(passport: TPassport, latestVersion = passport.publication?.version ?? 0): string {
  const byId = new Map(passport.dataSections.map((section) => [section.id, section]));
  const roots = passport.dataSections.filter((section) => section.parentId === null || !byId.has(section.parentId));
  const body = html`<main class="page">
    <header class="head">
      <p class="kicker">Digital product passport</p>
      <h1>${passport.name}</h1>
      ${passport.description && html`<p class="description">${passport.description}</p>`}
      <dl class="facts">
        <div>
          <dt>${passport.uniqueProductIdentifiers.length === 1 ? "Identifier" : "Identifiers"}</dt>
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
          <dt>Last updated</dt>
          <dd><time datetime="${passport.updatedAt}">${formatTime(passport.updatedAt)}</time></dd>
        </div>
        <div>
          <dt>Passport of</dt>
          <dd>${passport.itemId ? "one product (item)" : "a product model"}</dd>
        </div>
      </dl>
      ${grantRefusedNote(passport.grantRefused)} ${readerNote(passport.readerLevel)}
      ${restrictedNote(passport.hiddenFieldCount, passport.readerLevel)} ${publicationBlock(passport, latestVersion)}
    </header>
    ${languageLinks(passport)}
    <div ${contentAttributes(passport.language)}>${roots.map((section) => renderSection(section, byId, 2, false))}</div>
  </main>`;
  return renderDocument({ title: `${passport.name} · Digital product passport`, lang: "en", css: PASSPORT_PAGE_CSS, body });
}

/** The passport content's class, and its language when known (a frozen version's page does not say it yet). */
function contentAttributes(language: string | undefined): SafeHtml {
  return language ? html`class="passport-content" lang="${language}"` : html`class="passport-content"`;
}

/**
 * Links to the passport in each other published language (`?lang=`), each named in itself; none when the passport
 * is published in one language. The page's own text is not translated here (docs/app-text.md).
 */
function languageLinks({ language, languages }: TPassport): SafeHtml | "" {
  if (!language || !languages || languages.length < 2) return "";
  return html`<nav class="languages" aria-label="Languages">
    ${languages.map((tag) =>
      tag === language
        ? html`<span lang="${tag}" aria-current="true">${languageName(tag)}</span> `
        : html`<a href="?lang=${encodeURIComponent(tag)}" hreflang="${tag}" lang="${tag}">${languageName(tag)}</a> `,
    )}
  </nav>`;
}

const LEVEL_NAMES: Record<Exclude<TReaderLevel, "public">, string> = {
  "legitimate-interest": "a party with a legitimate interest (such as repairers and recyclers)",
  authority: "market surveillance authorities",
  member: "members of the organization that publishes it",
};

const GRANT_REFUSED: Record<NonNullable<TPassport["grantRefused"]>, string> = {
  revoked: "The access link you opened was revoked by the organization that publishes this passport.",
  expired: "The access link you opened has expired.",
  "not-valid": "The access link you opened does not give access to this passport.",
};

/** Says why a link with `?grant=` shows only the public passport, rather than leaving its holder to wonder. */
function grantRefusedNote(refused: TPassport["grantRefused"]): SafeHtml | null {
  if (!refused) return null;
  return html`<p class="note refused" role="note">
    <strong>${GRANT_REFUSED[refused]}</strong> You see the public passport; ask the publisher for a new link for the restricted
    information.
  </p>`;
}

function readerNote(level: TReaderLevel): SafeHtml | null {
  if (level === "public") return null;
  return html`<p class="note granted" role="note">This passport is shown with the access of ${LEVEL_NAMES[level]}.</p>`;
}

function restrictedNote(hidden: number, level: TReaderLevel): SafeHtml | null {
  if (hidden === 0) return null;
  const fields = `${hidden} field${hidden === 1 ? "" : "s"}`;
  const how =
    level === "public"
      ? "They are shown to parties with a legitimate interest and to authorities when they open the access link they were given."
      : "Your access does not include them.";
  return html`<p class="note restricted" role="note">
    <strong>Restricted information.</strong> ${fields} of this passport ${hidden === 1 ? "is" : "are"} not shown. ${how}
  </p>`;
}

/** A section with its fields and nested sections; inside a repeater every section is a table of rows. */
function renderSection(
  section: TPassportSection,
  byId: Map<string, TPassportSection>,
  depth: number,
  isInRepeater: boolean,
): SafeHtml | null {
  const children = section.subSections.flatMap((id) => byId.get(id) ?? []);
  const isTable = isInRepeater || section.type === "Repeatable";
  const heading = `h${Math.min(depth, 6)}`;
  // `heading` is h2…h6, which escaping leaves as it is.
  const title = html`<${heading} class="section-title">${section.name}</${heading}>`;
  const hidden =
    section.hiddenFieldCount > 0
      ? html`<p class="note restricted small">
          Restricted information: ${section.hiddenFieldCount} field${section.hiddenFieldCount === 1 ? "" : "s"} not shown.
        </p>`
      : null;
  if (section.dataFields.length === 0 && children.length === 0 && !hidden) return null;
  if (isTable) {
    return html`<section class="section" aria-label="${section.name}">
      ${title}${hidden}${section.dataFields.length > 0 && renderTable(section)}
      ${children.map((child) => renderSection(child, byId, depth + 1, true))}
    </section>`;
  }
  const placements = placeSectionCells(
    section.dataFields.map((field) => field.layout),
    children.map((child) => child.layout),
  );
  const row = section.dataValues[0] ?? {};
  return html`<section class="section" aria-label="${section.name}">
    ${title}${hidden}
    <div class="grid">
      ${section.dataFields.map(
        (field, i) =>
          html`<div class="cell field" style="${styleOf(placements.fields[i])}">
            <span class="label">${field.name}</span>
            <span class="value">${renderValue(field, row[field.id] ?? null)}</span>
          </div>`,
      )}
      ${children.map((child, i) => {
        const rendered = renderSection(child, byId, depth + 1, false);
        return rendered && html`<div class="cell" style="${styleOf(placements.subSections[i])}">${rendered}</div>`;
      })}
    </div>
  </section>`;
}

function renderTable(section: TPassportSection): SafeHtml {
  const rows = section.dataValues;
  // A table wider than a phone scrolls sideways; keyboard users reach the scroll region by its tab stop.
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="${section.name} (table)">
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
                <td colspan="${section.dataFields.length + 1}">No entries.</td>
              </tr>`
            : rows.map(
                (row, i) =>
                  html`<tr>
                    <td>${i + 1}</td>
                    ${section.dataFields.map((field) => html`<td>${renderValue(field, row[field.id] ?? null, false)}</td>`)}
                  </tr>`,
              )
        }
      </tbody>
    </table>
  </div>`;
}

function unitOf(field: TDataField): string | undefined {
  return field.options.unit || undefined;
}

/** A value as a reader sees it; `withUnit` is false in tables, whose header names the unit. */
function renderValue(field: TDataField, value: string | null, withUnit = true): SafeHtml {
  if (value === null || value === "") return html`<span class="empty">Not given</span>`;
  if (field.type === "ProductPassportLink") {
    if (isUuid(value)) return html`<a href="/p/${value.toLowerCase()}">Passport ${value}</a>`;
    if (isHttpUrl(value)) return html`<a href="${value}" rel="noopener noreferrer">${value}</a>`;
  }
  if (field.type === "FileField" && isHttpUrl(value)) {
    return html`<a href="${value}" rel="noopener noreferrer">${fileName(value)}</a>`;
  }
  const unit = withUnit ? unitOf(field) : undefined;
  return html`${value}${unit && html` <span class="unit">${unit}</span>`}`;
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

/** The update time in UTC, the same for every reader (and every cached copy) of the page. */
function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toLocaleString("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" })} UTC`;
}
