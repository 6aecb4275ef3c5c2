import type { Jsonable } from "~/domain/aas/export-metadata";

/**
 * A model reference to an identifiable (shell, submodel, concept description) of ours. Apart from export-metadata.ts
 * so that modules which only build references (the read API's paths, and through them the OpenAPI document that the
 * e2e suite loads in plain Node) do not load the AAS library, whose ESM build plain Node cannot load.
 */
export function modelReference(type: "AssetAdministrationShell" | "Submodel" | "ConceptDescription", value: string): Jsonable {
  return { type: "ModelReference", keys: [{ type, value }] };
}
