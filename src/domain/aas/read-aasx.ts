import { strFromU8 } from "fflate";
import { AppError } from "~/domain/app-error";
import { readZip, type ZipBudget } from "~/domain/archive/read-zip";

/**
 * The AAS environment inside an AASX package (IDTA-01005, Open Packaging Conventions): `_rels/.rels` names the
 * aasx-origin part, whose relationships names the environment part ("aas-spec"). Only JSON environments are read.
 * Only the relationship parts and then the environment part are inflated, by the one archive reader under the AASX
 * budget (src/domain/archive/read-zip.ts, docs/aas-import.md): the sizes the package declares are never trusted.
 */

/** What reading one package may cost: a package may carry many supplementary files, which are skipped, not inflated. */
export const AASX_ZIP_BUDGET: ZipBudget = { maxEntries: 10_000, maxBytes: 64 * 1024 * 1024, maxRatio: 100 };

const LABEL = "The AASX package";
const ORIGIN_TYPE = /\/aasx\/relationships\/aasx-origin$/;
const SPEC_TYPE = /\/aasx\/relationships\/aas-spec$/;

export async function readAasxEnvironment(bytes: Uint8Array): Promise<unknown> {
  const rels = await readParts(bytes, (part) => part.endsWith(".rels"));
  const read = (part: string): string => {
    const data = rels.get(part);
    if (!data) throw notAasx(`it has no part "/${part}"`);
    return strFromU8(data);
  };
  const origins = relationships(read("_rels/.rels"), "").filter((r) => ORIGIN_TYPE.test(r.type));
  const origin = origins[0];
  if (!origin) throw notAasx("its _rels/.rels names no aasx-origin part");
  const originRels = `${folderOf(origin.target)}_rels/${fileOf(origin.target)}.rels`;
  const specs = relationships(read(originRels), folderOf(origin.target)).filter((r) => SPEC_TYPE.test(r.type));
  if (specs.length === 0) throw notAasx("its aasx-origin names no environment part (aas-spec)");
  const json = specs.find((spec) => /\.json$/i.test(spec.target));
  if (!json) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      `The AASX package holds its environment as XML (${specs.map((s) => `/${s.target}`).join(", ")}); only JSON environments are read. Save the package with a JSON environment, or send the environment's JSON.`,
    );
  }
  const environment = (await readParts(bytes, (part) => part === json.target)).get(json.target);
  if (!environment) throw notAasx(`it has no part "/${json.target}"`);
  try {
    return JSON.parse(strFromU8(environment)) as unknown;
  } catch (error) {
    throw new AppError("BAD_REQUEST", `The AASX package's environment /${json.target} is not valid JSON: ${(error as Error).message}`);
  }
}

/** The package's parts that `wants` names (part names: no leading slash, percent-decoded), inflated within the budget. */
async function readParts(bytes: Uint8Array, wants: (part: string) => boolean): Promise<Map<string, Uint8Array>> {
  const entries = await readZip(bytes, {
    budget: AASX_ZIP_BUDGET,
    wants: (name) => wants(partName(name)),
    label: LABEL,
  });
  return new Map([...entries].map(([name, data]) => [partName(name), data]));
}

function partName(name: string): string {
  const trimmed = name.replace(/^\/+/, "");
  try {
    return decodeURIComponent(trimmed);
  } catch {
    return trimmed;
  }
}

type Relationship = { type: string; target: string };

/** The relationships of a .rels part, targets resolved against `base` (the source part's folder) to part names. */
function relationships(xml: string, base: string): Relationship[] {
  const found: Relationship[] = [];
  for (const match of xml.matchAll(/<(?:\w+:)?Relationship\b([^>]*)>/g)) {
    const attributes = match[1] ?? "";
    const type = attribute(attributes, "Type");
    const target = attribute(attributes, "Target");
    if (type && target && attribute(attributes, "TargetMode") !== "External") found.push({ type, target: resolve(base, target) });
  }
  return found;
}

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes);
  const value = match?.[1] ?? match?.[2];
  return value
    ?.replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

function resolve(base: string, target: string): string {
  const joined = target.startsWith("/") ? target : `${base}${target}`;
  const parts: string[] = [];
  for (const part of joined.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return partName(parts.join("/"));
}

function folderOf(part: string): string {
  const slash = part.lastIndexOf("/");
  return slash < 0 ? "" : part.slice(0, slash + 1);
}

function fileOf(part: string): string {
  return part.slice(part.lastIndexOf("/") + 1);
}

function notAasx(reason: string): AppError {
  return new AppError("BAD_REQUEST", `The body is not a readable AASX package: ${reason}.`);
}
