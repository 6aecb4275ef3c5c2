import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Download } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";

type Aas = typeof import("@aas-core-works/aas-core3.0-typescript");
const aas = createRequire(import.meta.url)("@aas-core-works/aas-core3.0-typescript") as Aas;

/** The reference verifier's findings on an environment (docs/aas.md): none is the only good answer. */
export function verificationErrors(environment: unknown): string[] {
  const parsed = aas.jsonization.environmentFromJsonable(environment as never);
  if (parsed.error !== null) return [parsed.error.message];
  return [...aas.verification.verify(parsed.mustValue())].map((e) => `${e.path.toString()}: ${e.message}`);
}

/**
 * A downloaded AASX package opened as an AAS client would (IDTA-01005): its parts, and the environment the origin's
 * aas-spec relationship names.
 */
export async function openAasx(
  download: Download,
): Promise<{ files: Record<string, Uint8Array>; text: (part: string) => string; environment: unknown }> {
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  const text = (part: string) => {
    const bytes = files[part];
    if (!bytes) throw new Error(`the package has no part ${part}: ${Object.keys(files).join(", ")}`);
    return strFromU8(bytes);
  };
  const target = /Target="\/([^"]+)"/.exec(text("aasx/_rels/aasx-origin.rels"))?.[1];
  if (!target) throw new Error("the origin names no environment part");
  return { files, text, environment: JSON.parse(text(target)) as unknown };
}
