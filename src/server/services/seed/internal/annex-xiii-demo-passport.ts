import type { Actor } from "~/domain/actor";
import type { TDataValueInput } from "~/domain/data-value";
import { elementsByPath } from "~/domain/profiles/apply-profile";
import type { TSection } from "~/domain/template-schema";
import { getDb } from "~/server/db/client";
import { applyDataChanges } from "~/server/services/data-values/apply-data-changes";
import { createItem } from "~/server/services/items/create-item";
import { createModel } from "~/server/services/models/create-model";

/**
 * The demo's filled EV battery passport of the Annex XIII model (docs/battery.md): values of every Annex XIII point
 * at Model level, and one battery (item) with its per-battery values. The integration test of who reads what reads
 * this same passport.
 */

export const ANNEX_XIII_DEMO_MODEL_NAME = "EV battery pack BX-400 (Annex XIII)";
export const ANNEX_XIII_DEMO_SERIAL = "BX400-2027-000001";

type Values = Record<string, string | string[]>;

/** The model's values by idShort path; a path inside a repeater is its first row. */
export const ANNEX_XIII_DEMO_MODEL_VALUES: Values = {
  "BatteryNameplate/ManufacturerName": "Demo Manufacturing GmbH",
  "BatteryNameplate/UniqueFacilityIdentifier": "DE-ULM-CELL-01",
  "BatteryNameplate/EUDeclarationOfConformity": ["DOC-EU-BX400-2027"],
  "BatteryNameplate/ResultsOfTestReportsProvingCompliance": ["TR-BX400-UN38.3-2027-017"],
  "TechnicalData/GeneralInformation/BatteryCategory": "ev",
  "TechnicalData/GeneralInformation/BatteryMass": "412.5",
  "TechnicalData/TechnicalPropertyAreas/CapacityEnergyVoltage/RatedCapacity": "180",
  "TechnicalData/TechnicalPropertyAreas/Lifetime/ExpectedNumberOfCycles": "3000",
  "TechnicalData/TechnicalPropertyAreas/Lifetime/ExpectedLifetimeReferenceTest": "IEC 62660-1:2018 cycle life, 25 °C, 1C/1C",
  "TechnicalData/TechnicalPropertyAreas/Temperature/TemperatureRangeIdleStateReferenceTest": "IEC 62660-2:2018 storage test",
  "CarbonFootprint/ProductCarbonFootprints/PcfCO2eq": "61.3",
  "MaterialComposition/BatteryChemistry/ShortName": "NMC811",
  "MaterialComposition/DueDiligenceReport": "https://demo.passport.studio/bx400/due-diligence-2026.pdf",
  "MaterialComposition/BatteryMaterials/BatteryMaterialName": "Cobalt",
  "MaterialComposition/BatteryMaterials/IsCriticalRawMaterial": "true",
  "MaterialComposition/BatteryMaterials/BatteryMaterialMass": "8.4",
  "MaterialComposition/BatteryMaterials/BatteryMaterialLocation/ComponentName": "Cathode active material",
  "MaterialComposition/HazardousSubstances/HazardousSubstanceName": "Lithium hexafluorophosphate",
  "Circularity/RenewableContent": "12",
  "Circularity/DismantlingAndRemovalInformation": ["DISMANTLING-BX400-v3"],
  "Circularity/DismantlingInformation/DisassemblySequence":
    "1. Isolate the HV connector. 2. Remove the lid (24 screws). 3. Lift out the modules.",
  "Circularity/DismantlingInformation/NumberOfCells": "96",
  "Circularity/SafetyMeasures/SafetyInstructions": ["Disconnect the high-voltage service plug before opening the pack."],
  "Circularity/SafetyMeasures/ExtinguishingAgents": ["Water (class A)"],
  "Circularity/SparePartSources/NameOfSupplier": "Demo Spares Ltd",
};

/** The battery's own values (Item level) by idShort path. */
export const ANNEX_XIII_DEMO_ITEM_VALUES: Values = {
  "BatteryNameplate/SerialNumber": ANNEX_XIII_DEMO_SERIAL,
  "BatteryNameplate/DateOfManufacture": "2027-01-15",
  "BatteryNameplate/LifeCycleStage": "Original",
  "ProductCondition/StateOfHealth": "98.5",
  "ProductCondition/InformationOnAccidents": ["ACCIDENT-REPORT-NONE-2027"],
  "ProductCondition/NumberOfFullCycles/NumberOfFullCyclesValue": "42",
  "ProductCondition/StateOfCharge/StateOfChargeValue": "80",
};

/**
 * The values as a save of the editor: fields outside repeaters already hold a null (modify), those in a repeater
 * get its first row (add).
 */
export function demoChanges(sections: readonly TSection[], values: Values): { add: TDataValueInput[]; modify: TDataValueInput[] } {
  const byPath = elementsByPath(sections);
  const byId = new Map(sections.map((s) => [s.id, s]));
  const inRepeater = (section: TSection | undefined): boolean =>
    section !== undefined && (section.type === "Repeatable" || inRepeater(byId.get(section.parentId ?? "")));
  const add: TDataValueInput[] = [];
  const modify: TDataValueInput[] = [];
  for (const [path, value] of Object.entries(values)) {
    const element = byPath.get(path);
    if (!element?.field) throw new Error(`The Annex XIII model has no field at ${path}.`);
    const write = { dataSectionId: element.section.id, dataFieldId: element.field.id, row: 0, value };
    (inRepeater(element.section) ? add : modify).push(write);
  }
  return { add, modify };
}

/**
 * The demo passport, once, in steps a later run resumes: the model (found by its name in the organization), its
 * values (written while it is at its first version), the battery (found by its serial number) and its values (the
 * same way). Whether anything was written.
 */
export async function seedAnnexXiiiDemoPassport(options: {
  actor: Actor;
  organizationId: string;
  templateId: string;
  sections: readonly TSection[];
}): Promise<boolean> {
  const { actor, organizationId, templateId, sections } = options;
  const db = getDb();
  let created = false;
  let model = await db.model.findFirst({
    where: { organizationId, name: ANNEX_XIII_DEMO_MODEL_NAME },
    select: { id: true, version: true },
  });
  if (!model) model = await createModel({ actor, organizationId, input: { name: ANNEX_XIII_DEMO_MODEL_NAME, templateId } });
  if (model.version === 1) {
    const changes = demoChanges(sections, ANNEX_XIII_DEMO_MODEL_VALUES);
    await applyDataChanges({ actor, organizationId, owner: { kind: "model", id: model.id }, changes });
    created = true;
  }
  const identifier = await db.uniqueProductIdentifier.findFirst({
    where: { organizationId, value: ANNEX_XIII_DEMO_SERIAL, item: { modelId: model.id } },
    select: { item: { select: { id: true, version: true } } },
  });
  const input = { uniqueProductIdentifiers: [{ value: ANNEX_XIII_DEMO_SERIAL }] };
  const item = identifier?.item ?? (await createItem({ actor, organizationId, modelId: model.id, input }));
  if (item.version === 1) {
    const changes = demoChanges(sections, ANNEX_XIII_DEMO_ITEM_VALUES);
    await applyDataChanges({ actor, organizationId, owner: { kind: "item", id: item.id, modelId: model.id }, changes });
    created = true;
  }
  return created;
}
