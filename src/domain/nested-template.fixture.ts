import { splitRowPath } from "~/domain/row-path";

/**
 * A template with repeaters nested three deep, shaped like IDTA 02023's carbon footprint (a list of footprints, each
 * with its life-cycle stages, each with its sources) and a Group inside the outer repeater; shared by the unit and
 * integration tests of nested rows (docs/data-model.md §Rows).
 */

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "1")}`;

export const NESTED = {
  general: id(1),
  footprints: id(2),
  validity: id(3),
  stages: id(4),
  sources: id(5),
  name: id(11),
  method: id(21),
  amount: id(22),
  validUntil: id(31),
  stage: id(41),
  share: id(42),
  source: id(51),
} as const;

export function nestedTemplate(templateId: string = crypto.randomUUID(), limits: { stagesMaxRows?: string } = {}) {
  return {
    id: templateId,
    name: "Nested footprints",
    description: "Repeaters three deep",
    sectors: ["Batteries"],
    version: "1.0.0",
    sections: [
      {
        id: NESTED.general,
        name: "General",
        type: "Group",
        parentId: null,
        subSections: [],
        dataFields: [{ id: NESTED.name, name: "Product name", type: "TextField", options: { required: "true" } }],
      },
      {
        id: NESTED.footprints,
        name: "Carbon footprints",
        type: "Repeatable",
        parentId: null,
        subSections: [NESTED.validity, NESTED.stages],
        dataFields: [
          { id: NESTED.method, name: "Calculation method", type: "TextField", options: { required: "true" } },
          { id: NESTED.amount, name: "Footprint", type: "NumericField", options: { unit: "kg CO2e" } },
        ],
      },
      {
        id: NESTED.validity,
        name: "Validity",
        type: "Group",
        parentId: NESTED.footprints,
        subSections: [],
        dataFields: [{ id: NESTED.validUntil, name: "Valid until", type: "TextField", options: { format: "date" } }],
      },
      {
        id: NESTED.stages,
        name: "Life-cycle stages",
        type: "Repeatable",
        parentId: NESTED.footprints,
        subSections: [NESTED.sources],
        ...(limits.stagesMaxRows !== undefined && { options: { maxRows: limits.stagesMaxRows } }),
        dataFields: [
          { id: NESTED.stage, name: "Stage", type: "TextField", options: { required: "true" } },
          { id: NESTED.share, name: "Share", type: "NumericField", options: { unit: "%" } },
        ],
      },
      {
        id: NESTED.sources,
        name: "Sources",
        type: "Repeatable",
        parentId: NESTED.stages,
        subSections: [],
        dataFields: [{ id: NESTED.source, name: "Source", type: "TextField" }],
      },
    ],
  };
}

/** A value at a whole row path (`[row, ...innerRows]`), the form the tests of nested rows write values in. */
export function valueAtPath<V>(dataSectionId: string, dataFieldId: string, path: readonly number[], value: V) {
  return { value, dataSectionId, dataFieldId, ...splitRowPath(path) };
}
