import { expect } from "vitest";
import type { TModel } from "~/domain/model-schema";
import type { ApiResponse } from "./http";

/**
 * Assertions on what an API client relies on, written from docs/data-model.md and docs/api.md rather than from the implementation:
 * the exact error body, the reason phrases, the Model's keys and its ETag.
 */

export type ErrorBody = {
  statusCode: number;
  error: string;
  message: string;
  issues?: IssueBody[];
  /** How many issues there were beyond the (at most 100) listed. */
  moreIssues?: number;
};

export type IssueBody = {
  path: string;
  message: string;
  dataSectionId?: string;
  dataFieldId?: string;
  row?: number;
};

const REASON: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  409: "Conflict",
  412: "Precondition Failed",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  503: "Service Unavailable",
};

// `messages`: EN 18222's Result, which the DPP API (/api/v1, docs/versions.md) adds to the same body.
const ERROR_KEYS = new Set(["statusCode", "error", "message", "issues", "moreIssues", "messages"]);
const ISSUE_KEYS = new Set(["path", "message", "dataSectionId", "dataFieldId", "row", "innerRows", "language"]);

/** A stack frame ("at fn (file.ts:1:2)") or an internal file name has no place in an answer. */
function expectNoInternals(text: string): void {
  expect(text).not.toMatch(/\n\s*at\s/);
  expect(text).not.toMatch(/\(\S+:\d+:\d+\)/);
  expect(text).not.toMatch(/node_modules|\.ts:\d+|prisma\.|PrismaClient/);
}

/** The response is the contract's error body for `status`; returns the body for further checks. */
export function expectError(response: ApiResponse, status: number): ErrorBody {
  const body = response.body as ErrorBody;
  expect({ status: response.status, body }).toMatchObject({ status });
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(body).toBeTypeOf("object");
  for (const key of Object.keys(body)) expect(ERROR_KEYS.has(key), `unexpected key "${key}" in error body`).toBe(true);
  expect(body.statusCode).toBe(status);
  expect(body.error).toBe(REASON[status]);
  expect(body.message).toBeTypeOf("string");
  expect(body.message.trim().length).toBeGreaterThan(0);
  expectNoInternals(body.message);
  if (body.issues !== undefined) {
    expect(Array.isArray(body.issues)).toBe(true);
    expect(body.issues.length).toBeGreaterThan(0);
    for (const issue of body.issues) {
      for (const key of Object.keys(issue)) expect(ISSUE_KEYS.has(key), `unexpected issue key "${key}"`).toBe(true);
      expect(issue.path).toBeTypeOf("string");
      expect(issue.path.startsWith("$")).toBe(true);
      expect(issue.message).toBeTypeOf("string");
      expect(issue.message.length).toBeGreaterThan(0);
      expectNoInternals(issue.message);
    }
    expect(body.issues.length).toBeLessThanOrEqual(100);
  }
  if (body.moreIssues !== undefined) {
    expect(body.issues?.length, "moreIssues comes after a full list of 100 issues").toBe(100);
    expect(Number.isInteger(body.moreIssues) && body.moreIssues > 0).toBe(true);
  }
  return body;
}

export type ExpectedIssue = { path: string; dataSectionId?: string; dataFieldId?: string; row?: number };

/** The error's issues are exactly these (order-insensitive), compared on path and, when given, the triple. */
export function expectIssues(body: ErrorBody, expected: ExpectedIssue[]): void {
  expect(body.issues, "error body has no issues").toBeDefined();
  const actual = (body.issues ?? []).map((issue) => {
    const picked: ExpectedIssue = { path: issue.path };
    if (issue.dataSectionId !== undefined) picked.dataSectionId = issue.dataSectionId;
    if (issue.dataFieldId !== undefined) picked.dataFieldId = issue.dataFieldId;
    if (issue.row !== undefined) picked.row = issue.row;
    return picked;
  });
  const order = (a: ExpectedIssue, b: ExpectedIssue) => JSON.stringify(a).localeCompare(JSON.stringify(b));
  expect([...actual].sort(order)).toEqual([...expected].sort(order));
}

/** Issues of data values must name the whole triple of the value they are about. */
export function expectDataValueIssues(
  body: ErrorBody,
  expected: { path: string; dataSectionId: string; dataFieldId: string; row: number }[],
): void {
  expectIssues(body, expected);
}

const MODEL_KEYS = [
  "createdAt",
  "dataValues",
  "description",
  "gtin",
  "id",
  "name",
  "owner",
  "publishOnStatusChange",
  "templateId",
  "uniqueProductIdentifiers",
  "updatedAt",
  "version",
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A Model response with `status`: exactly the contract's keys, well-typed, and its version as ETag. */
/** The keys a data value may have: `language` for a multilingual field's, `innerRows` for one in a nested repeater. */
const VALUE_KEYS = new Set(
  ["dataFieldId,dataSectionId,row,value", "dataFieldId,dataSectionId,language,row,value"].flatMap((keys) => [
    keys,
    keys.replace("dataSectionId,", "dataSectionId,innerRows,"),
  ]),
);

export function expectModel(response: ApiResponse, status: number): TModel {
  expect({ status: response.status, body: response.body }).toMatchObject({ status });
  const model = response.body as TModel;
  expect(Object.keys(model).sort()).toEqual(MODEL_KEYS);
  expect(model.id).toMatch(UUID);
  expect(model.templateId).toMatch(UUID);
  expect(model.name).toBeTypeOf("string");
  expect(model.publishOnStatusChange).toBeTypeOf("boolean");
  expect(model.description).toBeTypeOf("string");
  expect(model.owner).toBeTypeOf("string");
  expect(model.createdAt).toMatch(ISO_TIME);
  expect(model.updatedAt).toMatch(ISO_TIME);
  expect(Number.isInteger(model.version) && model.version >= 1).toBe(true);
  expect(response.headers.get("etag")).toBe(`"${model.version}"`);
  for (const upi of model.uniqueProductIdentifiers) {
    expect(Object.keys(upi).sort()).toEqual(["uuid", "value"]);
    expect(upi.uuid).toMatch(UUID);
  }
  // One assertion over all values: models can hold many thousands of them.
  const malformed = model.dataValues.filter(
    (v) =>
      !VALUE_KEYS.has(Object.keys(v).sort().join(",")) ||
      // A value in a nested repeater names its rows below the outermost one (docs/data-model.md §Rows).
      !(v.innerRows === undefined || (v.innerRows.length > 0 && v.innerRows.every((r) => Number.isInteger(r) && r >= 0))) ||
      // A range field's value is its `{min, max}` object (docs/api.md §Ranges); a list field's the array of its
      // entries (docs/field-options.md §Lists).
      !(
        v.value === null ||
        typeof v.value === "string" ||
        isRangeObject(v.value) ||
        (Array.isArray(v.value) && v.value.every((e) => typeof e === "string"))
      ) ||
      !(Number.isInteger(v.row) && v.row >= 0) ||
      !UUID.test(v.dataSectionId) ||
      !UUID.test(v.dataFieldId),
  );
  expect(malformed.slice(0, 5)).toEqual([]);
  return model;
}

function isRangeObject(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const { min, max, ...rest } = value as Record<string, unknown>;
  const side = (v: unknown) => v === null || typeof v === "string";
  return Object.keys(rest).length === 0 && side(min) && side(max);
}

export type Triple = { dataSectionId: string; dataFieldId: string; row: number };

export function tripleKey(v: Triple): string {
  return `${v.dataSectionId}|${v.dataFieldId}|${v.row}`;
}

/** A model's data values by triple, asserting no triple appears twice. */
export function valuesOf(model: Pick<TModel, "dataValues">): Map<string, TModel["dataValues"][number]["value"]> {
  const map = new Map<string, TModel["dataValues"][number]["value"]>();
  const duplicates: string[] = [];
  for (const v of model.dataValues) {
    if (map.has(tripleKey(v))) duplicates.push(tripleKey(v));
    map.set(tripleKey(v), v.value);
  }
  expect(duplicates).toEqual([]);
  return map;
}

/** A data value as JSON input or output. */
export function dv<V>(dataSectionId: string, dataFieldId: string, row: number, value: V) {
  return { value, dataSectionId, dataFieldId, row };
}

/** Compares data values ignoring order. */
export function sortedValues<T extends Triple>(values: readonly T[]): T[] {
  return [...values].sort((a, b) => tripleKey(a).localeCompare(tripleKey(b)));
}

/**
 * The same data values, ignoring order; for thousands of values, where a deep equality over the arrays would be
 * slow. On a mismatch the first few differing triples are shown.
 */
export function expectSameValues(
  actual: readonly (Triple & { value: TModel["dataValues"][number]["value"] })[],
  expected: readonly (Triple & { value: TModel["dataValues"][number]["value"] })[],
): void {
  const want = new Map(expected.map((v) => [tripleKey(v), v.value]));
  const differences: string[] = [];
  const seen = new Set<string>();
  for (const v of actual) {
    const key = tripleKey(v);
    if (seen.has(key)) differences.push(`${key}: twice`);
    seen.add(key);
    if (!want.has(key)) differences.push(`${key}: unexpected ${JSON.stringify(v.value)}`);
    else if (want.get(key) !== v.value) differences.push(`${key}: ${JSON.stringify(v.value)} ≠ ${JSON.stringify(want.get(key))}`);
  }
  for (const key of want.keys()) if (!seen.has(key)) differences.push(`${key}: missing`);
  expect(differences.slice(0, 10)).toEqual([]);
  expect(actual.length).toBe(expected.length);
}
