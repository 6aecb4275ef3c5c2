import { strFromU8, unzipSync } from "fflate";
import { AppError } from "~/domain/app-error";

/**
 * The AAS environment inside an AASX package (IDTA-01005, Open Packaging Conventions): `_rels/.rels` names the
 * aasx-origin part, whose relationships name the environment part ("aas-spec"). Only JSON environments are read.
 * Only the parts on that path are decompressed, each within a size limit checked on the sizes the zip declares
 * (fflate never writes past a declared size), so a zip bomb costs no more than the limits.
 */

/** The most the parts we read may hold together once decompressed. */
export const MAX_AASX_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;

const ORIGIN_TYPE = /\/aasx\/relationships\/aasx-origin$/;
const SPEC_TYPE = /\/aasx\/relationships\/aas-spec$/;

export function readAasxEnvironment(bytes: Uint8Array): unknown {
  const names = listEntries(bytes);
  let budget = MAX_AASX_UNCOMPRESSED_BYTES;
  const read = (partName: string): Uint8Array => {
    const entry = names.get(partName);
    if (!entry) throw notAasx(`it has no part "/${partName}"`);
    if (entry.originalSize > budget) {
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        `The AASX package's parts are larger than ${MAX_AASX_UNCOMPRESSED_BYTES} bytes once unpacked.`,
      );
    }
    budget -= entry.originalSize;
    const files = unzipped(bytes, (name) => name === entry.name);
    const data = files[entry.name];
    if (!data) throw notAasx(`its part "/${partName}" cannot be read`);
    return data;
  };
  const origins = relationships(strFromU8(read("_rels/.rels")), "").filter((r) => ORIGIN_TYPE.test(r.type));
  const origin = origins[0];
  if (!origin) throw notAasx("its _rels/.rels names no aasx-origin part");
  const originRels = `${folderOf(origin.target)}_rels/${fileOf(origin.target)}.rels`;
  const specs = relationships(strFromU8(read(originRels)), folderOf(origin.target)).filter((r) => SPEC_TYPE.test(r.type));
  if (specs.length === 0) throw notAasx("its aasx-origin names no environment part (aas-spec)");
  const json = specs.find((spec) => /\.json$/i.test(spec.target));
  if (!json) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      `The AASX package holds its environment as XML (${specs.map((s) => `/${s.target}`).join(", ")}); only JSON environments are read. Save the package with a JSON environment, or send the environment's JSON.`,
    );
  }
  const text = strFromU8(read(json.target));
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new AppError("BAD_REQUEST", `The AASX package's environment /${json.target} is not valid JSON: ${(error as Error).message}`);
  }
}

type Entry = { name: string; originalSize: number };

/** Part name (no leading slash, percent-decoded) → its zip entry, read from the central directory only. */
function listEntries(bytes: Uint8Array): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  unzipped(bytes, (name, originalSize) => {
    entries.set(partName(name), { name, originalSize });
    return false;
  });
  return entries;
}

function unzipped(bytes: Uint8Array, keep: (name: string, originalSize: number) => boolean): Record<string, Uint8Array> {
  try {
    return unzipSync(bytes, { filter: (file) => keep(file.name, file.originalSize) });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notAasx(`it is not a readable zip archive (${(error as Error).message})`);
  }
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
