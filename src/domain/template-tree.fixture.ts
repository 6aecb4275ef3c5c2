import fc from "fast-check";
import { MAX_REPEATER_DEPTH } from "~/domain/row-path";
import { parseTemplateDefinition } from "~/domain/template-definition";
import type { TSection } from "~/domain/template-schema";

/**
 * Generated template trees, the one generator of template shapes for the property tests (the external forms'
 * round trips, codec.fixture.ts; the AAS export's repairs, aas.fixture.ts): top-level Groups and repeaters at Model or
 * Item level, and sections inside them down to MAX_REPEATER_DEPTH levels — a Group sharing the rows of the section
 * it sits in, a repeater with rows of its own inside each of its parent's rows (a different number in each). Every row
 * is listed by its whole path (`row`, `innerRows`), so a fixture gives each field a value at each of its rows. What a
 * field is and what it may hold is the fixture's (`F`).
 */

export type TreeRow = { row: number; innerRows?: number[] };

export type TreeSpec<F> = {
  name: string;
  isRepeater: boolean;
  /** Meaningful at the top level only: everything in the section is the item's. */
  isItem: boolean;
  options: Record<string, string> | undefined;
  fields: F[];
  /** How many rows the repeater has inside each parent row, taken in turn (a Group's are unused). */
  rowCounts: number[];
  /** Numbers skipped after each row (0: rows 0, 1, 2; 1: rows 0, 2, 4), as deleted rows leave the others' numbers. */
  rowGap: number;
  children: TreeSpec<F>[];
};

export type TreeSlot<F> = {
  sectionId: string;
  fieldId: string;
  spec: F;
  isItem: boolean;
  at: TreeRow;
  /** The first field of a repeater: a fixture may force it filled, so no row is empty. */
  isFirstOfRow: boolean;
};

export type Tree<F> = { sections: TSection[]; slots: TreeSlot<F>[]; itemSectionIds: Set<string> };

type TreeOptions<F> = {
  field: fc.Arbitrary<F>;
  name: fc.Arbitrary<string>;
  /** Rows of a repeater inside one parent row. */
  rows: { min: number; max: number };
  fields?: { min: number; max: number };
  options?: fc.Arbitrary<Record<string, string> | undefined>;
  /** Section levels below the top one (MAX_REPEATER_DEPTH - 1 reaches the deepest repeater the model allows). */
  depth?: number;
  /**
   * Whether row numbers may have gaps (rows 0, 2, 4), as deleted rows leave them: only for forms that carry row
   * numbers (a list's entries, an AAS list's, are numbered by position).
   */
  gaps?: boolean;
};

/** 1–3 top-level sections, each with up to two sub-sections, deeper ones up to one, down to `depth` levels below. */
export function arbTreeSpecs<F>(options: TreeOptions<F>): fc.Arbitrary<TreeSpec<F>[]> {
  return fc.array(arbNode(options, 0, options.depth ?? MAX_REPEATER_DEPTH - 1), { minLength: 1, maxLength: 3 });
}

function arbNode<F>(options: TreeOptions<F>, level: number, depth: number): fc.Arbitrary<TreeSpec<F>> {
  const children: fc.Arbitrary<TreeSpec<F>[]> =
    level >= depth ? fc.constant<TreeSpec<F>[]>([]) : fc.array(arbNode(options, level + 1, depth), { maxLength: level === 0 ? 2 : 1 });
  const fields = options.fields ?? { min: 1, max: 3 };
  return fc.record({
    name: options.name,
    isRepeater: fc.boolean(),
    isItem: fc.boolean(),
    options: options.options ?? fc.constant(undefined),
    fields: fc.array(options.field, { minLength: fields.min, maxLength: fields.max }),
    rowCounts: fc.array(fc.integer({ min: options.rows.min, max: options.rows.max }), { minLength: 1, maxLength: 4 }),
    rowGap: options.gaps ? fc.integer({ min: 0, max: 1 }) : fc.constant(0),
    children,
  });
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/**
 * The template of `specs` (checked by the template rules) and a slot per field and row. `fieldInput` is a field's
 * template JSON, `isItemField` whether a field of a Model-level section is the item's all the same.
 */
export function buildTree<F>(
  specs: readonly TreeSpec<F>[],
  fieldInput: (spec: F, fieldId: string, isItem: boolean) => Record<string, unknown>,
  isItemField: (spec: F) => boolean = () => false,
): Tree<F> {
  let n = 1;
  const input: unknown[] = [];
  const slots: TreeSlot<F>[] = [];
  const itemSectionIds = new Set<string>();
  const visit = (spec: TreeSpec<F>, parentId: string | null, parentRows: TreeRow[], inRepeater: boolean, isItem: boolean) => {
    const sectionId = uuid(n++);
    if (parentId === null && isItem) itemSectionIds.add(sectionId);
    const rows = spec.isRepeater ? rowsInside(parentRows, spec, inRepeater) : parentRows;
    const fields = spec.fields.map((field, i) => {
      const fieldId = uuid(n++);
      const isItemValue = isItem || isItemField(field);
      for (const at of rows) {
        slots.push({ sectionId, fieldId, spec: field, isItem: isItemValue, at, isFirstOfRow: spec.isRepeater && i === 0 });
      }
      return fieldInput(field, fieldId, isItem);
    });
    input.push({
      id: sectionId,
      name: spec.name,
      type: spec.isRepeater ? "Repeatable" : "Group",
      parentId,
      granularityLevel: isItem ? "Item" : "Model",
      ...(spec.options && { options: spec.options }),
      dataFields: fields,
    });
    for (const child of spec.children) visit(child, sectionId, rows, inRepeater || spec.isRepeater, isItem);
  };
  for (const spec of specs) visit(spec, null, [{ row: 0 }], false, spec.isItem);
  const parsed = parseTemplateDefinition({ name: "Generated", sections: input });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return { sections: parsed.value.sections, slots, itemSectionIds };
}

/** A repeater's rows: inside each parent row as many as its turn of `counts` says; an outermost one's are `row`s. */
function rowsInside(parentRows: readonly TreeRow[], { rowCounts, rowGap }: TreeSpec<unknown>, inRepeater: boolean): TreeRow[] {
  const numbers = (count: number) => Array.from({ length: count }, (_, i) => i * (rowGap + 1));
  if (!inRepeater) return numbers(rowCounts[0] ?? 0).map((row) => ({ row }));
  return parentRows.flatMap((parent, k) =>
    numbers(rowCounts[k % rowCounts.length] ?? 0).map((i) => ({ row: parent.row, innerRows: [...(parent.innerRows ?? []), i] })),
  );
}

/** The top-level section a section sits in. */
export function rootOf(sections: readonly TSection[], sectionId: string): string {
  const section = sections.find((s) => s.id === sectionId);
  return section?.parentId ? rootOf(sections, section.parentId) : sectionId;
}
