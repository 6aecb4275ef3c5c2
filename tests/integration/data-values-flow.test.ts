import { describe, expect, it } from "vitest";
import type { TModel } from "~/domain/model-schema";
import { IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { createWorld } from "./support/world";

describe("a model's life through the REST API", () => {
  it("creates a model, adds a repeater row completed with nulls, modifies values and reads them back", async () => {
    const world = await createWorld();
    const base = `/api/organizations/${world.organization.id}/models`;

    const created = await api<TModel>("POST", base, {
      token: world.token,
      body: { name: "  Pack A  ", templateId: world.template.id },
    });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe("Pack A");
    expect(created.body.version).toBe(1);
    expect(created.headers.get("etag")).toBe('"1"');
    expect(created.body.uniqueProductIdentifiers).toHaveLength(1);
    const [upi] = created.body.uniqueProductIdentifiers;
    expect(upi?.value).toBe(upi?.uuid);
    // Row-0 nulls for the Model-level fields outside repeaters: General (4, not the Item serial) and Details (1).
    expect(created.body.dataValues).toHaveLength(5);
    expect(created.body.dataValues.every((v) => v.value === null && v.row === 0)).toBe(true);

    const modelUrl = `${base}/${created.body.id}/data-values`;
    const added = await api<TModel>("POST", modelUrl, {
      token: world.token,
      body: [{ value: "Lead", dataSectionId: IDS.substances, dataFieldId: IDS.substance, row: 0 }],
    });
    expect(added.status).toBe(201);
    const rowValues = added.body.dataValues.filter((v) => [IDS.substances, IDS.evidence].includes(v.dataSectionId as never));
    expect(rowValues).toEqual(
      expect.arrayContaining([
        { value: "Lead", dataSectionId: IDS.substances, dataFieldId: IDS.substance, row: 0 },
        { value: null, dataSectionId: IDS.substances, dataFieldId: IDS.share, row: 0 },
        { value: null, dataSectionId: IDS.evidence, dataFieldId: IDS.certificate, row: 0 },
      ]),
    );
    expect(rowValues).toHaveLength(3);
    expect(added.body.version).toBe(2);

    const modified = await api<TModel>("PATCH", modelUrl, {
      token: world.token,
      headers: { "if-match": '"2"' },
      body: [
        { value: 12.5, dataSectionId: IDS.substances, dataFieldId: IDS.share, row: 0 },
        { value: "Cell 1", dataSectionId: IDS.general, dataFieldId: IDS.name, row: 0 },
      ],
    });
    expect(modified.status).toBe(200);
    expect(modified.body.version).toBe(3);

    const read = await api<TModel>("GET", `${base}/${created.body.id}`, { token: world.token });
    expect(read.status).toBe(200);
    const byField = new Map(read.body.dataValues.map((v) => [`${v.dataFieldId}|${v.row}`, v.value]));
    expect(byField.get(`${IDS.share}|0`)).toBe("12.5");
    expect(byField.get(`${IDS.name}|0`)).toBe("Cell 1");
    expect(byField.get(`${IDS.substance}|0`)).toBe("Lead");
    expect(read.body.dataValues).toHaveLength(8);
  });
});
