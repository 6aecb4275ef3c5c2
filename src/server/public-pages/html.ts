/**
 * A tiny HTML template for the public pages, which are rendered as strings by route handlers: no React runtime,
 * no client script, and a body whose hash is its ETag. Every interpolated value is escaped unless it is already
 * `SafeHtml` (the result of another `html` template); arrays are joined, null/undefined/false render nothing.
 */
export class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Part = SafeHtml | string | number | null | undefined | false | readonly Part[];

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return "";
  if (part instanceof SafeHtml) return part.text;
  if (Array.isArray(part)) return part.map(render).join("");
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...parts: Part[]): SafeHtml {
  let text = strings[0] ?? "";
  parts.forEach((part, i) => (text += render(part) + (strings[i + 1] ?? "")));
  return new SafeHtml(text);
}
