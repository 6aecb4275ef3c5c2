import { gs1KeyOf, gs1KeyPath, normaliseIdentifierValue, type Gs1Parse } from "~/domain/gs1/gs1-key";

/**
 * The stored identifier values a search text can mean (docs/gs1.md, "Searching by identifier"): the text as typed,
 * and, when it reads as a GS1 key in any form an identifier is shown or entered in, that key's stored form. The
 * forms: a Digital Link URI or path, an element string with parentheses `(01)…(21)A1` (as the item list shows it),
 * one without them as a scanner sends it (`0109506000134352 21A1`, AIs separated by a space or the GS character, an
 * optional symbology prefix such as `]d2`), or a GTIN's digits alone. A search matches an item holding any of them,
 * so a plain value that happens to look like a GTIN still finds its item.
 */
export function identifierSearchValues(text: string): string[] {
  const typed = text.trim();
  const values = new Set<string>([typed]);
  const normalised = normaliseIdentifierValue(typed);
  if ("value" in normalised) values.add(normalised.value);
  const bare = parseBareElementString(typed);
  if (bare.kind === "key") values.add(gs1KeyPath(bare.key));
  return [...values].filter((value) => value !== "");
}

/** The GS character (ASCII 29) a scanner sends between variable-length AIs: read like a space. */
const GROUP_SEPARATOR = String.fromCharCode(29);

/** GS1 AIs the bare form may hold; 01 has a fixed length of 14 digits, 10 and 21 run to a separator or the end. */
const BARE_AIS = new Set(["01", "10", "21"]);

/**
 * An element string without parentheses (`01` + 14 digits, then `10…` and `21…`, each ending at a space, the GS
 * character or the end), or a GTIN's 8–14 digits alone.
 */
export function parseBareElementString(text: string): Gs1Parse {
  // A symbology prefix (`]d2`) goes; "01 0950…": the GTIN's AI may stand apart from its digits.
  const value = text
    .replaceAll(GROUP_SEPARATOR, " ")
    .trim()
    .replace(/^\][A-Za-z]\d/, "")
    .replace(/^01\s+(?=\d{14})/, "01");
  if (!/^01\d{14}/.test(value)) return /^\d{8,14}$/.test(value) ? gs1KeyOf({ gtin: value }) : { kind: "not-gs1" };
  const parts: Record<string, string> = { "01": value.slice(2, 16) };
  const chunks = value
    .slice(16)
    .split(/\s+/)
    .filter((chunk) => chunk !== "");
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i] as string;
    const ai = chunk.slice(0, 2);
    if (!BARE_AIS.has(ai) || ai in parts) return { kind: "not-gs1" };
    // "21 A1": the AI and its value may be separated too.
    let aiValue = chunk.slice(2);
    if (aiValue === "") aiValue = chunks[++i] ?? "";
    parts[ai] = aiValue;
  }
  return gs1KeyOf({ gtin: parts["01"] ?? "", lot: parts["10"], serial: parts["21"] });
}
