/**
 * The guard of docs/app-text.md: in the files listed here, every word a member reads comes from the message
 * catalogues (messages/<locale>.json through next-intl), never from a string written in a component. The rule
 * reports JSX text with a letter in it, string literals and template literals rendered as children (also as a branch
 * of `?:` or `&&`), and such strings in the props that carry text (aria-label, placeholder, title, alt, label, …).
 * Strings without letters (punctuation, "·", "404", "→") pass. Kept apart from eslint.config.mjs so
 * src/eslint-rules.test.ts runs exactly this rule on small fixtures.
 */

/** The folders and files whose text is converted. The rest is listed in docs/app-text.md as not yet covered. */
export const APP_TEXT_FILES = [
  "src/app/layout.tsx",
  "src/app/page.tsx",
  "src/app/error.tsx",
  "src/app/global-error.tsx",
  "src/app/not-found.tsx",
  "src/app/settings/**/*.tsx",
  "src/app/sign-in/**/*.tsx",
  "src/app/sign-up/**/*.tsx",
  "src/app/verify-email/**/*.tsx",
  "src/app/forgot-password/**/*.tsx",
  "src/app/reset-password/**/*.tsx",
  "src/app/invitations/**/*.tsx",
  "src/app/organizations/**/*.tsx",
  "src/app/orgs/[[]orgId]/layout.tsx",
  "src/app/orgs/[[]orgId]/(overview)/**/*.tsx",
  "src/app/orgs/[[]orgId]/members/**/*.tsx",
  "src/app/orgs/[[]orgId]/settings/**/*.tsx",
  "src/app/orgs/[[]orgId]/models/(list)/**/*.tsx",
  "src/app/orgs/[[]orgId]/models/new/**/*.tsx",
  "src/app/orgs/[[]orgId]/models/[[]modelId]/items/page.tsx",
  "src/app/orgs/[[]orgId]/templates/**/*.tsx",
  "src/app/orgs/[[]orgId]/product-data-models/**/*.tsx",
  "src/app/**/loading.tsx",
  "src/app/settings/api-keys/**/*.tsx",
  "src/components/access-grants/**/*.tsx",
  "src/components/api-keys/**/*.tsx",
  "src/components/auth/**/*.tsx",
  "src/components/history/**/*.tsx",
  "src/components/items/create-items-panel.tsx",
  "src/components/items/item-editor.tsx",
  "src/components/items/item-identifiers-panel.tsx",
  "src/components/items/item-list.tsx",
  "src/components/items/model-values-summary.tsx",
  "src/components/layout-grid/**/*.tsx",
  "src/components/models/**/*.tsx",
  "src/components/model-editor/completeness-status.tsx",
  "src/components/model-editor/editor-field.tsx",
  "src/components/model-editor/language-choice.tsx",
  "src/components/organizations/**/*.tsx",
  "src/components/registry/model-registry-form.tsx",
  "src/components/registry/organization-registry-form.tsx",
  "src/components/settings/**/*.tsx",
  "src/components/template-builder/**/*.tsx",
  "src/components/ui/**/*.tsx",
  "src/components/invitations/**/*.tsx",
  "src/components/site-header.tsx",
  "src/components/org-switcher.tsx",
  "src/components/sign-out-button.tsx",
  "src/components/account/**/*.tsx",
];

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
