/**
 * Values and whether each is filled (docs/data-model.md §Completeness): the table isFilled is held to, and the models
 * list's SQL with it (tests/integration/model-completeness.test.ts), so the two cannot drift apart.
 */
export const FILLED_CASES: readonly (readonly [string, boolean])[] = [
  ["", false],
  [" \t\r\n\v\f", false],
  ["\u00a0", false],
  ["\ufeff", false],
  ["\u200b", false],
  ["\u2060\u180e\u0085", false],
  ["\u3000\u2028\u2029\u202f\u205f\u1680", false],
  ["\u2000\u2001\u2005\u200a", false],
  ["x", true],
  ["\u00a0x\u00a0", true],
  ["0", true],
  ["\u200c", true],
  ["😀", true],
  ["-", true],
];
