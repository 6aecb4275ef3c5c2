/**
 * The template the benchmark writes to: a Group of five fields and a repeater of ten text fields, so N values in
 * one request are N/10 repeater rows — the shape of a bulk import of, say, a bill of materials — and an Item-level
 * group of three fields, so each item created starts with three values.
 */
export const REPEATER_FIELDS = 10;

export function benchTemplate() {
  const repeaterId = crypto.randomUUID();
  const fieldIds = Array.from({ length: REPEATER_FIELDS }, () => crypto.randomUUID());
  const generalId = crypto.randomUUID();
  const generalFieldIds = Array.from({ length: 5 }, () => crypto.randomUUID());
  const itemSectionId = crypto.randomUUID();
  const itemFieldIds = Array.from({ length: 3 }, () => crypto.randomUUID());
  return {
    repeaterId,
    fieldIds,
    generalId,
    generalFieldIds,
    itemFields: itemFieldIds.map((id): [string, string] => [itemSectionId, id]),
    definition: {
      id: crypto.randomUUID(),
      name: "Bench template",
      sections: [
        {
          id: generalId,
          name: "General",
          type: "Group",
          // The last one is for a legitimate interest only, so a public passport leaves it out.
          dataFields: generalFieldIds.map((id, i) => ({
            id,
            name: `General ${i}`,
            type: "TextField",
            ...(i === 4 && { options: { access: "legitimate-interest" } }),
          })),
        },
        {
          // Recorded per item: each new item starts with a null for each of these.
          id: itemSectionId,
          name: "Per item",
          type: "Group",
          granularityLevel: "Item",
          dataFields: ["Serial", "Production date", "State of health"].map((name, i) => ({
            id: itemFieldIds[i],
            name,
            type: "TextField",
          })),
        },
        {
          id: repeaterId,
          name: "Components",
          type: "Repeatable",
          dataFields: fieldIds.map((id, i) => ({ id, name: `Component field ${i}`, type: "TextField" })),
        },
      ],
    },
  };
}

export type BenchTemplate = ReturnType<typeof benchTemplate>;

/** N values filling whole repeater rows, with `tag` in every value so a modify really changes each one. */
export function repeaterValues(template: BenchTemplate, count: number, tag: string) {
  return Array.from({ length: count }, (_, i) => ({
    value: `${tag}-${i}`,
    dataSectionId: template.repeaterId,
    dataFieldId: template.fieldIds[i % REPEATER_FIELDS] as string,
    row: Math.floor(i / REPEATER_FIELDS),
  }));
}
