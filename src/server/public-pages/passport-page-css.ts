import { BREAKPOINTS, BREAKPOINT_MIN_WIDTH } from "~/domain/layout";

/**
 * The passport page's one stylesheet, inlined (no request of its own). The grid rules are those of
 * src/components/layout-grid/layout-grid.module.css, generated from the same breakpoints, so a template's layout
 * looks the same here as in the editor; below the first breakpoint cells take their `xs` placement, which is what
 * makes a 360 px phone work. Print drops colours and keeps tables whole where it can.
 */
const GRID = [
  ".grid{display:grid;grid-template-columns:repeat(12,minmax(0,1fr));gap:1rem}",
  ".cell{min-width:0;grid-column:var(--cs-xs)/span var(--span-xs);grid-row:var(--rs-xs)/span var(--rspan-xs)}",
  ...BREAKPOINTS.flatMap((bp) =>
    bp === "xs"
      ? []
      : [
          `@media (min-width:${BREAKPOINT_MIN_WIDTH[bp]}px){.cell{grid-column:var(--cs-${bp})/span var(--span-${bp});grid-row:var(--rs-${bp})/span var(--rspan-${bp})}}`,
        ],
  ),
].join("\n");

const PAGE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#0f172a;background:#f8fafc}
.page{max-width:72rem;margin:0 auto;padding:1.5rem 1rem 3rem}
@media (min-width:640px){.page{padding:2.5rem 1.5rem 4rem}}
.head{margin-bottom:1.5rem}
.kicker{margin:0;font-size:.8125rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#1d4ed8}
h1{margin:.25rem 0 .5rem;font-size:1.75rem;line-height:1.2;overflow-wrap:anywhere}
.description{margin:0 0 1rem;color:#334155;white-space:pre-line}
.facts{display:flex;flex-wrap:wrap;gap:.75rem 2rem;margin:0}
.facts dt{font-size:.8125rem;color:#475569}
.facts dd{margin:0;font-weight:500;overflow-wrap:anywhere}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9375rem}
.publication{margin:1rem 0 0;padding:.75rem 1rem;border:1px solid #cbd5e1;border-radius:.5rem;background:#f8fafc}
.publication p{margin:.25rem 0}.publication .hash code{word-break:break-all;font-size:.8125rem}
.publication .check[data-state=verified]{color:#047857;font-weight:600}.publication .check[data-state=failed]{color:#b91c1c;font-weight:600}
.note{margin:1rem 0 0;padding:.75rem 1rem;border-radius:.5rem;border:1px solid}
.note.small{margin:0 0 .75rem;padding:.5rem .75rem;font-size:.875rem}
.restricted{background:#fffbeb;border-color:#f59e0b;color:#78350f}
.refused{background:#fef2f2;border-color:#f87171;color:#7f1d1d}
.granted{background:#eff6ff;border-color:#93c5fd;color:#1e3a8a}
.section{margin-top:1rem;padding:1rem;background:#fff;border:1px solid #e2e8f0;border-radius:.5rem}
.section .section{margin-top:0;padding:.75rem;background:#f8fafc}
.section-title{margin:0 0 .75rem;font-size:1.125rem;line-height:1.3}
.field{display:flex;flex-direction:column}
.label{font-size:.8125rem;color:#475569}
.value{font-weight:500;overflow-wrap:anywhere;white-space:pre-line}
.unit{color:#475569;font-weight:400}
.empty{color:#64748b;font-weight:400;font-style:italic}
.entries{margin:0;padding-left:1.25em}
.rows{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:.75rem}
.section .section.row{background:#fff}
.rows .section{padding:.5rem}
.row-fields{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(12rem,100%),1fr));gap:.5rem 1rem;margin:0 0 .75rem}
.row-fields dt{font-size:.8125rem;color:#475569}
.row-fields dd{margin:0;font-weight:500;overflow-wrap:anywhere;white-space:pre-line}
a{color:#1d4ed8;text-decoration:underline;overflow-wrap:anywhere}
a:focus-visible,.table-wrap:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}
.table-wrap{overflow-x:auto;margin-bottom:.75rem}
table{width:100%;border-collapse:collapse;font-size:.9375rem}
th,td{padding:.375rem .625rem;border-bottom:1px solid #e2e8f0;text-align:left;vertical-align:top}
th{font-size:.8125rem;font-weight:600;color:#334155;background:#f1f5f9}
.chart{margin:.5rem 0 0;font-weight:400}
.chart svg{display:block;width:100%;height:6rem;background:#f8fafc;border:1px solid #e2e8f0;border-radius:.25rem}
.chart-band{fill:#bfdbfe}.chart-line{fill:none;stroke:#1d4ed8;stroke-width:2}
.chart figcaption{margin:.25rem 0;font-size:.8125rem;color:#334155}
.chart summary{cursor:pointer;color:#1d4ed8;font-size:.875rem}
.chart summary:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}
.chart table{font-size:.8125rem}
@media print{
body{background:#fff;color:#000;font-size:11pt}
.page{max-width:none;padding:0}
.section{border:none;border-top:1px solid #999;border-radius:0;padding:.5rem 0;break-inside:avoid-page}
.section .section{background:none}
.note{border-color:#999;background:none;color:#000}
th{background:none}
tr{break-inside:avoid}
a{color:#000}
.chart details{display:none}
a[href^="http"]::after{content:" (" attr(href) ")";font-size:9pt}
}`;

export const PASSPORT_PAGE_CSS = `${GRID}\n${PAGE}`;
