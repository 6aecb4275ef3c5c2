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
import type { TProfile } from "~/domain/profiles/profile-schema";
import { profileById } from "~/domain/profiles/profiles";

/**
 * The demo's "EU Battery Passport (IDTA 02035)": the seven battery passport parts and the DPP metadata, composed by
 * the same import as the builder's "Add AAS submodel template" (docs/aas-import.md), from the copies in
 * prisma/seed/idta/ (CC BY 4.0, IDTA); and the same composed with the Annex XIII profile (docs/battery.md), the
 * "EU Battery Passport (Annex XIII)" every organization may use (a public product data model) and the demo's
 * template of it. Ids are derived from fixed names, so every seed run builds the same templates and the seed stays
 * idempotent (it looks each up by its id).
 */

export const IDTA_BATTERY_NAME = "EU Battery Passport (IDTA 02035)";
export const ANNEX_XIII_NAME = "EU Battery Passport (Annex XIII)";
const IDTA_BATTERY_TEMPLATE_ID = "0e7a3c51-2d84-4f6b-9a1e-5c3b7d9f0a12";
const ANNEX_XIII_TEMPLATE_ID = "3c8e2a71-5f4b-4d9a-8e16-2b7c9d0f4a63";
const ANNEX_XIII_PDM_ID = "8a41d6c2-0b9e-4f37-a5d8-6e2c1f9b3d74";

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

const PARTS =
  "(nameplate, documentation, carbon footprint, technical data, condition, material composition, circularity), with " +
  "the DPP metadata of 02099-1";

function composed(label: string, name: string, description: string, profile?: TProfile) {
  let counter = 0;
  const { document } = composeAasTemplate(
    SOURCES.map(([file, environment]) => ({ label: file, environment })),
    {
      name,
      description,
      sectors: ["Batteries", "Automotive", "Energy storage"],
      newId: () => idFrom(`${label}:${(counter += 1)}`),
      profile,
    },
  );
  return document;
}

export function idtaBatteryTemplate() {
  const description = `The battery passport as the IDTA submodel templates 02035-1…7 describe it ${PARTS}.`;
  return { id: IDTA_BATTERY_TEMPLATE_ID, ...composed("idta-battery-template", IDTA_BATTERY_NAME, description) };
}

function annexXiii(label: string) {
  const description =
    `The battery passport of Regulation (EU) 2023/1542, Annex XIII: the IDTA submodel templates 02035-1…7 ${PARTS}, ` +
    "each element readable by whom Art. 77(2) gives it to and held per model or per battery as the annex says, plus the " +
    "elements the annex asks for that 02035 lacks (docs/battery.md).";
  return composed(label, ANNEX_XIII_NAME, description, profileById("eu-battery-annex-xiii"));
}

export function annexXiiiTemplate() {
  return { id: ANNEX_XIII_TEMPLATE_ID, ...annexXiii("annex-xiii-template") };
}

export function annexXiiiProductDataModel() {
  return { id: ANNEX_XIII_PDM_ID, visibility: "Public" as const, ...annexXiii("annex-xiii-pdm") };
}
