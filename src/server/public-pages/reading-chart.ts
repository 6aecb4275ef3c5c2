import { toDecimalString } from "~/domain/decimal";
import { formatLocaleNumber } from "~/domain/languages/locale-number";
import type { TReadingSeries } from "~/domain/reading";
import { html, type SafeHtml } from "~/server/public-pages/html";
import type { PublicPageText } from "~/server/public-pages/page-text";

/**
 * A small chart of a field's readings on the passport page (docs/readings.md §The chart), drawn on the server as SVG:
 * the band from each bucket's lowest to highest reading and the line of their means, stretched to the cell's width
 * (the strokes keep their width). The chart is an image whose text alternative, its visible caption, says the span,
 * the lowest, the highest and the latest reading; the numbers themselves are a table behind a details element, so a
 * screen reader (or anyone) reaches every bucket without the picture.
 */

const WIDTH = 300;
const HEIGHT = 100;
const PAD = 6;

/** `time` writes an instant for the caption and the table's rows, as the page's other times are written. */
type Words = {
  t: PublicPageText;
  numbers: string;
  unit: string | undefined;
  time: (iso: string) => string;
};

export function readingChart(series: TReadingSeries, fieldName: string, words: Words): SafeHtml | null {
  const buckets = series.buckets.filter((b) => b.min !== null && b.max !== null && b.avg !== null);
  if (buckets.length === 0) return null;
  const lowest = Math.min(...buckets.map((b) => b.min ?? 0));
  const highest = Math.max(...buckets.map((b) => b.max ?? 0));
  const last = buckets[buckets.length - 1];
  const count = buckets.reduce((sum, b) => sum + b.count, 0);
  const { t } = words;
  const number = (value: number | string) => withUnit(formatNumber(value, words.numbers), words.unit);
  const id = `chart-${series.dataFieldId}`;
  const summary = t("chartSummary", {
    count,
    from: words.time(series.from),
    to: words.time(series.to),
    min: number(lowest),
    max: number(highest),
    latest: number(last?.last ?? ""),
  });
  const geometry = chartGeometry(series, buckets, lowest, highest);
  return html`<figure class="chart">
    <svg viewBox="0 0 ${WIDTH} ${HEIGHT}" preserveAspectRatio="none" role="img" aria-labelledby="${id}" focusable="false">
      <polygon class="chart-band" points="${geometry.band}" />
      <polyline class="chart-line" points="${geometry.line}" vector-effect="non-scaling-stroke" />
    </svg>
    <figcaption id="${id}">${summary}</figcaption>
    <details>
      <summary>${t("chartTable")}</summary>
      <div class="table-wrap" tabindex="0" role="region" aria-label="${t("chartTableName", { name: fieldName })}">
        <table>
          <thead>
            <tr>
              <th scope="col">${t("chartFrom")}</th>
              <th scope="col">${t("chartCount")}</th>
              <th scope="col">${t("chartMin")}</th>
              <th scope="col">${t("chartMax")}</th>
              <th scope="col">${t("chartAvg")}</th>
              <th scope="col">${t("chartLast")}</th>
            </tr>
          </thead>
          <tbody>
            ${buckets.map(
              (b) =>
                html`<tr>
                  <td>${words.time(b.at)}</td>
                  <td>${b.count}</td>
                  <td>${number(b.min ?? 0)}</td>
                  <td>${number(b.max ?? 0)}</td>
                  <td>${number(b.avg ?? 0)}</td>
                  <td>${number(b.last)}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
    </details>
  </figure>`;
}

type NumberBucket = TReadingSeries["buckets"][number];

/** The band's and the line's points in the view box: time across, the value up (a flat series in the middle). */
function chartGeometry(series: TReadingSeries, buckets: readonly NumberBucket[], lowest: number, highest: number) {
  const from = Date.parse(series.from);
  const span = Math.max(1, Date.parse(series.to) - from);
  const x = (at: string) => round((WIDTH * (Date.parse(at) - from)) / span);
  const y = (value: number) =>
    round(highest === lowest ? HEIGHT / 2 : HEIGHT - PAD - ((HEIGHT - 2 * PAD) * (value - lowest)) / (highest - lowest));
  // One bucket is a level line across the chart rather than a point no one sees.
  const xs = buckets.length === 1 ? [0, WIDTH] : buckets.map((b) => x(b.at));
  const spread = buckets.length === 1 ? [buckets[0]!, buckets[0]!] : buckets;
  const line = spread.map((b, i) => `${xs[i]},${y(b.avg ?? 0)}`).join(" ");
  const top = spread.map((b, i) => `${xs[i]},${y(b.max ?? 0)}`);
  const bottom = spread.map((b, i) => `${xs[i]},${y(b.min ?? 0)}`).reverse();
  return { line, band: [...top, ...bottom].join(" ") };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** A number as the passport's language writes it, a mean to at most four decimals. */
function formatNumber(value: number | string, numbers: string): string {
  const text = typeof value === "number" ? toDecimalString(Math.round(value * 10_000) / 10_000) : value;
  return formatLocaleNumber(text, numbers);
}

function withUnit(text: string, unit: string | undefined): string {
  return unit ? `${text} ${unit}` : text;
}
