import { createHash } from "node:crypto";
import nameplate from "../../../../../prisma/seed/idta/02035-1-battery-nameplate.json";
import handover from "../../../../../prisma/seed/idta/02035-2-battery-handover-documentation.json";
import carbonFootprint from "../../../../../prisma/seed/idta/02035-3-battery-carbon-footprint.json";
import technicalData from "../../../../../prisma/seed/idta/02035-4-battery-technical-data.json";
import productCondition from "../../../../../prisma/seed/idta/02035-5-battery-product-condition.json";
import materialComposition from "../../../../../prisma/seed/idta/02035-6-battery-material-composition.json";
import circularity from "../../../../../prisma/seed/idta/02035-7-battery-circularity.json";
import dppMetadata from "../../../../../prisma/seed/idta/02099-1-dpp-metadata.json";
import { composeAasTemplate } from "~/domain/aas/compose-aas-template";

/**
 * The demo's "EU Battery Passport (IDTA 02035)": the seven battery passport parts and the DPP metadata, composed by
 * the same import as the builder's "Add AAS submodel template" (docs/aas-import.md), from the copies in
 * prisma/seed/idta/ (CC BY 4.0, IDTA). Ids are derived from fixed names, so every seed run builds the same
 * template and the seed stays idempotent (it looks the template up by its id).
 */

export const IDTA_BATTERY_NAME = "EU Battery Passport (IDTA 02035)";
const IDTA_BATTERY_TEMPLATE_ID = "0e7a3c51-2d84-4f6b-9a1e-5c3b7d9f0a12";
const IDTA_BATTERY_PDM_ID = "5b9d1f3a-7c2e-4a8b-b6d4-1e0f2a3c4d5e";

const SOURCES = [
  ["02035-1-battery-nameplate.json", nameplate],
  ["02035-2-battery-handover-documentation.json", handover],
  ["02035-3-battery-carbon-footprint.json", carbonFootprint],
  ["02035-4-battery-technical-data.json", technicalData],
  ["02035-5-battery-product-condition.json", productCondition],
  ["02035-6-battery-material-composition.json", materialComposition],
  ["02035-7-battery-circularity.json", circularity],
  ["02099-1-dpp-metadata.json", dppMetadata],
] as const;

/** A UUID (version 4 layout) from a name: the same name always gives the same id. */
function idFrom(name: string): string {
  const hex = createHash("sha256").update(name).digest("hex");
  const variant = ((parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function composed(label: string) {
  let counter = 0;
  const { document } = composeAasTemplate(
    SOURCES.map(([file, environment]) => ({ label: file, environment })),
    {
      name: IDTA_BATTERY_NAME,
      description:
        "The battery passport as the IDTA submodel templates 02035-1…7 describe it (nameplate, documentation, carbon " +
        "footprint, technical data, condition, material composition, circularity), with the DPP metadata of 02099-1.",
      sectors: ["Batteries", "Automotive", "Energy storage"],
      newId: () => idFrom(`${label}:${(counter += 1)}`),
    },
  );
  return document;
}

export function idtaBatteryTemplate() {
  return { id: IDTA_BATTERY_TEMPLATE_ID, ...composed("idta-battery-template") };
}

export function idtaBatteryProductDataModel() {
  return { id: IDTA_BATTERY_PDM_ID, visibility: "Public" as const, ...composed("idta-battery-pdm") };
}
