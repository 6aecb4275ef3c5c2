/**
 * The guard of docs/app-text.md: in the files listed here, every word a member reads comes from the message
 * catalogues (messages/<locale>.json through next-intl), never from a string written in a component. The rule
 * reports JSX text with a letter in it, string literals and template literals rendered as children (also as a branch
 * of `?:` or `&&`), and such strings in the props that carry text (aria-label, placeholder, title, alt, label, …).
 * Strings without letters (punctuation, "·", "404", "→") pass. In the public pages' `html` templates it reports words
 * outside the tags. Kept apart from eslint.config.mjs so
 * src/eslint-rules.test.ts runs exactly this rule on small fixtures.
 */

/**
 * Every page and component, and the public passport page's HTML templates (src/server/public-pages, whose `html`
 * tagged templates the rule reads too). Words built in other plain .ts helpers are not seen: docs/app-text.md.
 */
export const APP_TEXT_FILES = ["src/app/**/*.tsx", "src/components/**/*.tsx", "src/server/public-pages/**/*.ts"];

/** Props whose value is shown or read out to the member. */
const TEXT_PROPS = new Set([
  "alt",
  "aria-description",
  "aria-label",
  "aria-placeholder",
  "aria-roledescription",
  "aria-valuetext",
  "confirmLabel",
  "description",
  "eyebrow",
  "hint",
  "label",
  "placeholder",
  "title",
]);

const LETTER = /\p{L}/u;

/** The string-like expressions a node may render: a literal, a template, or either branch of `?:`, `&&`, `||`, `??`. */
function renderedStrings(node) {
  if (!node) return [];
  if (node.type === "Literal") return typeof node.value === "string" ? [node] : [];
  if (node.type === "TemplateLiteral") return [node];
  if (node.type === "ConditionalExpression") return [...renderedStrings(node.consequent), ...renderedStrings(node.alternate)];
  if (node.type === "LogicalExpression")
    return renderedStrings(node.right).concat(node.operator === "&&" ? [] : renderedStrings(node.left));
  return [];
}

function hasLetters(node) {
  if (node.type === "Literal") return LETTER.test(String(node.value));
  if (node.type === "TemplateLiteral") return node.quasis.some((quasi) => LETTER.test(quasi.value.cooked ?? quasi.value.raw));
  if (node.type === "JSXText") return LETTER.test(node.value);
  return false;
}

/**
 * The text of an `html` tagged template (the public pages' HTML, src/server/public-pages/html.ts) outside its tags and
 * entities, with each interpolation as a space; attributes that are read out (aria-label, title, alt) count as text.
 * Upper-case codes (GTIN, SHA-256, UTC) pass: they read the same in every language.
 */
function htmlTemplateText(quasi) {
  const source = quasi.quasis.map((q) => q.value.cooked ?? q.value.raw).join(" ");
  const attributes = [...source.matchAll(/\b(?:aria-label|title|alt)="([^"]*)"/g)].map((m) => m[1]);
  const text = source.replace(/<[^>]*>/g, " ").replace(/&#?\w+;/g, " ");
  return [...attributes, text]
    .join(" ")
    .split(/\s+/)
    .filter((word) => LETTER.test(word) && !/^[\p{Lu}\d-]+$/u.test(word))
    .join(" ");
}

const noHardCodedText = {
  meta: {
    type: "problem",
    docs: { description: "User-facing text comes from the message catalogues (docs/app-text.md)." },
    schema: [],
    messages: {
      text: 'Hard-coded text "{{text}}": put it in messages/en.json, de.json and fr.json and render it with t(…).',
    },
  },
  create(context) {
    const report = (node) => {
      if (!hasLetters(node)) return;
      const text = context.sourceCode.getText(node).trim().replace(/\s+/g, " ").slice(0, 60);
      context.report({ node, messageId: "text", data: { text } });
    };
    return {
      TaggedTemplateExpression(node) {
        if (node.tag.type !== "Identifier" || node.tag.name !== "html") return;
        const text = htmlTemplateText(node.quasi);
        if (text) context.report({ node, messageId: "text", data: { text: text.slice(0, 60) } });
        node.quasi.expressions.forEach((expression) => renderedStrings(expression).forEach(report));
      },
      JSXText: report,
      JSXExpressionContainer(node) {
        const parent = node.parent;
        if (parent.type === "JSXElement" || parent.type === "JSXFragment") renderedStrings(node.expression).forEach(report);
      },
      JSXAttribute(node) {
        const name = node.name.type === "JSXIdentifier" ? node.name.name : null;
        if (!name || !TEXT_PROPS.has(name) || !node.value) return;
        if (node.value.type === "Literal") report(node.value);
        else if (node.value.type === "JSXExpressionContainer") renderedStrings(node.value.expression).forEach(report);
      },
    };
  },
};

export const appTextPlugin = { rules: { "no-hard-coded-text": noHardCodedText } };

export const appTextRules = [
  {
    files: APP_TEXT_FILES,
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    plugins: { "app-text": appTextPlugin },
    rules: { "app-text/no-hard-coded-text": "error" },
  },
];
