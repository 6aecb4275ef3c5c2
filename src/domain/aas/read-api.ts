/**
 * The AAS read API (docs/aas.md §Read API): its paths as typed routes, identifiers in base64url, cursors, the
 * `Result` error body, and the views a profile serves of an exported environment ($metadata, $value, $reference,
 * $path, one element by its idShort path). Pure: the service reads environments (export-environment.ts), this
 * cuts them as IDTA-01002-3-1 (AAS Part 2, V3.1) asks.
 */
import { z } from "zod";
import type { Jsonable } from "~/domain/aas/export-metadata";
import { modelReference } from "~/domain/aas/model-reference";
import { collectionValueOnly, elementValueOnly, holdsValue } from "~/domain/aas/value-only";
import { AppError } from "~/domain/app-error";
import { decodeBase64UrlText, encodeBase64UrlText } from "~/domain/base64url";
import { decodeCursor, encodeCursor } from "~/domain/page-cursor";

/** The profiles we serve, as `/description` names them. */
export const AAS_READ_PROFILES = [
  "https://admin-shell.io/aas/API/3/1/AssetAdministrationShellRepositoryServiceSpecification/SSP-002",
  "https://admin-shell.io/aas/API/3/1/SubmodelRepositoryServiceSpecification/SSP-002",
  "https://admin-shell.io/aas/API/3/1/DiscoveryServiceSpecification/SSP-002",
] as const;

/** A page holds at most this many results, and this many when `limit` is not given. */
export const AAS_MAX_LIMIT = 100;
/** `/serialization` takes at most this many ids in all. */
export const AAS_MAX_SERIALIZATION_IDS = 100;

export type AasModifier = "$metadata" | "$value" | "$reference" | "$path";
const MODIFIERS: readonly string[] = ["$metadata", "$value", "$reference", "$path"];

/** What a submodel path asks for: the submodel, its element list, or one element, each with an optional modifier. */
export type AasSubmodelTarget =
  | { kind: "submodel"; modifier?: AasModifier }
  | { kind: "elements"; modifier?: AasModifier }
  | { kind: "element"; idShortPath: string; modifier?: AasModifier };

export type AasRoute =
  | { kind: "description" }
  | { kind: "shells"; modifier?: "$reference" }
  | { kind: "shell"; shellId: string; part: "shell" | "$reference" | "asset-information" | "submodel-refs" }
  | { kind: "shell-submodel"; shellId: string; submodelId: string; target: AasSubmodelTarget }
  | { kind: "submodels"; modifier?: AasModifier }
  | { kind: "submodel"; submodelId: string; target: AasSubmodelTarget }
  | { kind: "serialization" }
  | { kind: "lookup-shells" }
  | { kind: "lookup-shell"; shellId: string };

const notFound = (segments: readonly string[]) => new AppError("NOT_FOUND", `No AAS API route GET /api/aas/${segments.join("/")}.`);

/**
 * The route of `/api/aas/{segments}` (each segment already percent-decoded), identifiers decoded from base64url;
 * NOT_FOUND for a path no profile serves, BAD_REQUEST for an identifier that is not base64url.
 */
export function parseAasPath(segments: readonly string[]): AasRoute {
  if (segments.some((s) => s === "")) throw notFound(segments);
  // The path's shape first (a path no profile serves is a 404 whatever its ids), then its identifiers (400).
  parseWith(segments, (encoded) => encoded);
  return parseWith(segments, decodeAasIdentifier);
}

function parseWith(segments: readonly string[], decodeAasIdentifier: (encoded: string, name: string) => string): AasRoute {
  const [head, second, third, ...rest] = segments;
  if (head === "description" && segments.length === 1) return { kind: "description" };
  if (head === "serialization" && segments.length === 1) return { kind: "serialization" };
  if (head === "lookup" && second === "shells") {
    if (segments.length === 2) return { kind: "lookup-shells" };
    if (segments.length === 3 && third !== undefined)
      return { kind: "lookup-shell", shellId: decodeAasIdentifier(third, "aasIdentifier") };
  }
  if (head === "shells") {
    if (second === undefined) return { kind: "shells" };
    if (second === "$reference" && segments.length === 2) return { kind: "shells", modifier: "$reference" };
    const shellId = decodeAasIdentifier(second, "aasIdentifier");
    if (third === undefined) return { kind: "shell", shellId, part: "shell" };
    if (rest.length === 0 && (third === "$reference" || third === "asset-information" || third === "submodel-refs")) {
      return { kind: "shell", shellId, part: third };
    }
    const [submodelSegment, ...tail] = rest;
    if (third === "submodels" && submodelSegment !== undefined) {
      const target = submodelTarget(tail);
      const submodelId = decodeAasIdentifier(submodelSegment, "submodelIdentifier");
      if (target) return { kind: "shell-submodel", shellId, submodelId, target };
    }
  }
  if (head === "submodels") {
    if (second === undefined) return { kind: "submodels" };
    if (segments.length === 2 && MODIFIERS.includes(second)) return { kind: "submodels", modifier: second as AasModifier };
    const submodelId = decodeAasIdentifier(second, "submodelIdentifier");
    const target = submodelTarget(segments.slice(2));
    if (target) return { kind: "submodel", submodelId, target };
  }
  throw notFound(segments);
}

function submodelTarget(tail: readonly string[]): AasSubmodelTarget | null {
  const [first, second, third] = tail;
  if (first === undefined) return { kind: "submodel" };
  if (tail.length === 1 && MODIFIERS.includes(first)) return { kind: "submodel", modifier: first as AasModifier };
  if (first !== "submodel-elements" || tail.length > 3) return null;
  if (second === undefined) return { kind: "elements" };
  if (MODIFIERS.includes(second)) return tail.length === 2 ? { kind: "elements", modifier: second as AasModifier } : null;
  if (third === undefined) return { kind: "element", idShortPath: second };
  return MODIFIERS.includes(third) ? { kind: "element", idShortPath: second, modifier: third as AasModifier } : null;
}

/** An identifier from a path or query: UTF-8, base64url-encoded (padding optional), as AAS Part 2 asks. */
export function decodeAasIdentifier(encoded: string, name: string): string {
  const text = decodeBase64UrlText(encoded);
  if (text === undefined)
    throw new AppError("BAD_REQUEST", `${name} must be an identifier encoded as base64url (UTF-8, RFC 4648 §5).`);
  return text;
}

/** The base64url form (no padding) of an identifier, as paths carry it. */
export const encodeAasIdentifier = encodeBase64UrlText;

/** The query every read takes; unknown parameters are ignored, as the profiles' clients send their own. */
export const ZAasReadQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .transform((n) => Math.min(n ?? AAS_MAX_LIMIT, AAS_MAX_LIMIT)),
  cursor: z.string().min(1).max(512).optional(),
  level: z.enum(["deep", "core"]).default("deep"),
  extent: z.enum(["withBlobValue", "withoutBlobValue"]).optional(),
  idShort: z.string().min(1).max(128).optional(),
  grant: z.string().max(256).optional(),
  includeConceptDescriptions: z.enum(["true", "false"]).default("true"),
});
export type TAasReadQuery = z.infer<typeof ZAasReadQuery>;

const ZOffsetCursor = z.object({ offset: z.number().int().min(0) });

/** One page of an array the environment holds (submodel refs, elements), as the profiles' `PagedResult`. */
export function pageOf<T>(
  items: readonly T[],
  limit: number,
  cursor: string | undefined,
): { result: T[]; paging_metadata: { cursor?: string } } {
  const offset = cursor === undefined ? 0 : decodeCursor(cursor, ZOffsetCursor).offset;
  const end = offset + limit;
  return {
    result: items.slice(offset, end),
    paging_metadata: end < items.length ? { cursor: encodeCursor({ offset: end }) } : {},
  };
}

/**
 * The profiles' `Result` messages (IDTA-01002 Part 2), which every error of the read API adds to the API's error
 * body (src/server/rest/aas-read-route.ts): the error, then each issue.
 */
export const ZAasResultMessages = z.array(
  z.object({
    code: z.string(),
    messageType: z.enum(["Undefined", "Info", "Warning", "Error", "Exception"]),
    text: z.string(),
    correlationId: z.string().optional(),
    timestamp: z.string(),
  }),
);

type Element = Jsonable & { modelType?: string; idShort?: string; value?: unknown; valueType?: string };

/** Where an element's children are: an Entity's statements, a collection's or a list's value. */
const childrenKey = (element: Element): "statements" | "value" | undefined =>
  element.modelType === "Entity"
    ? "statements"
    : element.modelType === "SubmodelElementCollection" || element.modelType === "SubmodelElementList"
      ? "value"
      : undefined;

const childrenOf = (element: Element): Element[] => {
  const key = childrenKey(element);
  return key !== undefined && Array.isArray(element[key]) ? (element[key] as Element[]) : [];
};

export function submodelElementsOf(submodel: Jsonable): Element[] {
  return Array.isArray(submodel.submodelElements) ? (submodel.submodelElements as Element[]) : [];
}

/** A submodel without its elements (`$metadata`). */
export function submodelMetadata(submodel: Jsonable): Jsonable {
  const { submodelElements: _elements, ...metadata } = submodel;
  return metadata;
}

/** An element without its value, or its children (`$metadata`). */
export function elementMetadata(element: Jsonable): Jsonable {
  const { value: _value, statements: _statements, ...metadata } = element;
  return metadata;
}

/** `level=core`: the submodel (element) with its direct children, but not theirs. */
export function coreOf(element: Jsonable): Jsonable {
  const strip = (child: Element) => (childrenOf(child).length > 0 ? elementMetadata(child) : child);
  if (Array.isArray(element.submodelElements)) return { ...element, submodelElements: submodelElementsOf(element).map(strip) };
  const children = childrenOf(element);
  return children.length > 0 ? { ...element, [childrenKey(element) ?? "value"]: children.map(strip) } : element;
}

/**
 * A submodel's `$value`: its elements' values by idShort, in the ValueOnly form (AAS Part 2 §11.4.3) the DPP API's
 * content has too — one encoding (value-only.ts), so `$value` and the DPP say the same.
 */
export function submodelValue(submodel: Jsonable): Jsonable {
  return collectionValueOnly(submodelElementsOf(submodel)) as Jsonable;
}

/** The idShort paths of the elements below (and including) `prefix`'s children (`$path`), depth-first. */
export function idShortPaths(elements: readonly Element[], prefix = "", level: "deep" | "core" = "deep"): string[] {
  const paths: string[] = [];
  elements.forEach((element, index) => {
    const path =
      element.idShort === undefined ? `${prefix}[${index}]` : prefix === "" ? element.idShort : `${prefix}.${element.idShort}`;
    paths.push(path);
    if (level === "deep") paths.push(...idShortPaths(childrenOf(element), path, level));
  });
  return paths;
}

const PATH_STEP = /^([A-Za-z][A-Za-z0-9_-]*)?((?:\[\d+\])*)$/;

/** The element an idShort path (`a.b[0].c`) names, or null. */
export function elementAt(submodel: Jsonable, idShortPath: string): Element | null {
  let candidates: Element[] = submodelElementsOf(submodel);
  let found: Element | null = null;
  for (const step of idShortPath.split(".")) {
    const match = PATH_STEP.exec(step);
    if (!match || (match[1] === undefined && found === null)) return null;
    found = match[1] === undefined ? found : (candidates.find((e) => e.idShort === match[1]) ?? null);
    for (const index of (match[2] ?? "").matchAll(/\[(\d+)\]/g)) {
      if (found?.modelType !== "SubmodelElementList") return null;
      found = childrenOf(found)[Number(index[1])] ?? null;
    }
    if (!found) return null;
    candidates = childrenOf(found);
  }
  return found;
}

/** The reference of an element of a submodel (`$reference`): the submodel's key, then one key per step. */
export function elementReference(submodelId: string, submodel: Jsonable, idShortPath: string): Jsonable {
  const keys: Jsonable[] = [{ type: "Submodel", value: submodelId }];
  let element: Element | undefined;
  let candidates = submodelElementsOf(submodel);
  for (const step of idShortPath.split(".")) {
    const [name, ...indexes] = step.split("[");
    if (name) {
      element = candidates.find((e) => e.idShort === name);
      keys.push({ type: element?.modelType ?? "SubmodelElement", value: name });
    }
    for (const index of indexes) {
      element = element ? childrenOf(element)[Number(index.replace("]", ""))] : undefined;
      keys.push({ type: element?.modelType ?? "SubmodelElement", value: index.replace("]", "") });
    }
    candidates = element ? childrenOf(element) : [];
  }
  return { type: "ModelReference", keys };
}

export { modelReference };

/** The owner a shell id names (export-environment.ts `aasShellId`), or null for an id that is not one of ours. */
export function parseAasShellId(baseUrl: string, shellId: string): { modelId: string; itemId?: string } | null {
  const prefix = `${baseUrl}/aas/models/`;
  if (!shellId.startsWith(prefix)) return null;
  const match = /^([0-9a-f-]{36})(?:\/items\/([0-9a-f-]{36}))?$/.exec(shellId.slice(prefix.length));
  if (!match?.[1]) return null;
  return match[2] === undefined ? { modelId: match[1] } : { modelId: match[1], itemId: match[2] };
}

/** The shell a submodel id (`{shellId}/submodels/{sectionId}`) belongs to, or null. */
export function shellIdOfSubmodel(submodelId: string): string | null {
  const at = submodelId.lastIndexOf("/submodels/");
  return at > 0 ? submodelId.slice(0, at) : null;
}

const elementNotFound = (path: string) => new AppError("NOT_FOUND", `No submodel element at idShort path ${path}.`);

/** What one submodel path answers (the submodel, its elements, or one element; each with its modifier). */
export function submodelView(submodelId: string, submodel: Jsonable, target: AasSubmodelTarget, query: TAasReadQuery): unknown {
  const deep = query.level === "deep";
  const elements = submodelElementsOf(submodel);
  if (target.kind === "submodel") {
    switch (target.modifier) {
      case "$metadata":
        return submodelMetadata(submodel);
      case "$value":
        return submodelValue(deep ? submodel : coreOf(submodel));
      case "$reference":
        return modelReference("Submodel", submodelId);
      case "$path":
        return idShortPaths(elements, "", query.level);
      default:
        return deep ? submodel : coreOf(submodel);
    }
  }
  if (target.kind === "elements") {
    switch (target.modifier) {
      case "$metadata":
        return pageOf(elements.map(elementMetadata), query.limit, query.cursor);
      case "$value": {
        const page = pageOf(elements, query.limit, query.cursor);
        return { ...page, result: collectionValueOnly(page.result) };
      }
      case "$reference":
        return pageOf(
          elements.map((e, i) => elementReference(submodelId, submodel, e.idShort ?? `[${i}]`)),
          query.limit,
          query.cursor,
        );
      case "$path":
        return pageOf(idShortPaths(elements, "", query.level), query.limit, query.cursor);
      default:
        return pageOf(deep ? elements : elements.map((e) => coreOf(e)), query.limit, query.cursor);
    }
  }
  const element = elementAt(submodel, target.idShortPath);
  if (!element) throw elementNotFound(target.idShortPath);
  switch (target.modifier) {
    case "$metadata":
      return elementMetadata(element);
    case "$value": {
      const value = elementValueOnly(deep ? element : coreOf(element));
      if (value === undefined || !holdsValue(element)) {
        throw new AppError("NOT_FOUND", `The element at ${target.idShortPath} holds no value.`);
      }
      return value;
    }
    case "$reference":
      return elementReference(submodelId, submodel, target.idShortPath);
    case "$path":
      return [target.idShortPath, ...idShortPaths(childrenOf(element), target.idShortPath, query.level)];
    default:
      return deep ? element : coreOf(element);
  }
}

/** The body of the Discovery profile's SearchAllAssetAdministrationShellIdsByAssetLink (POST /lookup/shellsByAssetLink). */
export const ZAssetLinks = z
  .array(z.object({ name: z.string().min(1).max(64), value: z.string().min(1).max(2048) }))
  .min(1, { error: "Give one or more asset links {name, value}." })
  .max(AAS_MAX_SERIALIZATION_IDS, { error: `Give at most ${AAS_MAX_SERIALIZATION_IDS} asset links.` });
export type TAssetLinks = z.infer<typeof ZAssetLinks>;
