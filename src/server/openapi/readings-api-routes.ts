import { z } from "zod";
import {
  ZFleetReadingsRequest,
  ZReadingSeries,
  ZReadingSeriesQuery,
  ZReadingsRequest,
  ZReadingsWriteQuery,
  ZReadingsWritten,
} from "~/domain/reading";
import { ZStatusSnapshot, ZStatusSnapshotQuery } from "~/domain/status-snapshot";
import type { RestApiRoute } from "~/server/openapi/rest-api-routes";
import { ZItemPath, ZModelPath } from "~/server/rest/path-params";

const MODEL = "/api/organizations/{orgaId}/models/{modelId}";
const TAG = "Readings";
const WRITE =
  "A reading names its field by `dataSectionId` and `dataFieldId`, or by `elementPath` (its AAS idShort path, " +
  "the submodel's idShort first). Append-only and idempotent on (item, field, `at`): a reading already stored with the same value is no error and " +
  "stores nothing again (`stored` counts the new ones); one stored with another value is 409 naming it. Each reading " +
  "is checked like a value (an Item-level field outside repeaters, one value, the field's rules; `at` an ISO 8601 " +
  "instant at most 5 minutes ahead of the server's clock): 400 listing the problems. At most 10,000 readings (413). " +
  "Nothing is stored on any error. The latest reading of a field is its current value in the item's passport " +
  "(docs/readings.md). A reading that changes a status field's value (option `snapshot`) snapshots the item's " +
  "values of its section (`statusSnapshots` in the answer); with `?publish=true` it also publishes the item's next " +
  "passport version, which needs the right to write data (403 for a key scoped to readings).";

/** Use data over time: readings of items' fields (docs/readings.md). */
export const READINGS_API_ROUTES: readonly RestApiRoute[] = [
  {
    method: "post",
    path: `${MODEL}/items/{itemId}/readings`,
    operation: "writeReadings",
    tag: TAG,
    summary: "Append timestamped readings of an item's fields",
    description: WRITE,
    params: ZItemPath,
    query: ZReadingsWriteQuery,
    body: ZReadingsRequest,
    response: ZReadingsWritten,
    errors: [404, 409],
  },
  {
    method: "post",
    path: `${MODEL}/readings`,
    operation: "writeReadings",
    tag: TAG,
    summary: "Append timestamped readings of many items of a model (a fleet)",
    description: `Each reading names its \`itemId\`, an item of the model (400 otherwise). ${WRITE}`,
    params: ZModelPath,
    query: ZReadingsWriteQuery,
    body: ZFleetReadingsRequest,
    response: ZReadingsWritten,
    errors: [404, 409],
  },
  {
    method: "get",
    path: `${MODEL}/items/{itemId}/readings`,
    operation: "read",
    cache: "private",
    tag: TAG,
    summary: "An item's readings of one field, downsampled",
    description:
      "The readings in [`from`, `to`) (default: the 30 days before now) in at most `points` equal buckets (1–2,000, " +
      "default 500), each with its count, min, max and mean (NumericFields) and its latest reading; empty buckets " +
      "are left out. Read like the item's passport: anyone where the field is public, `?grant=` up to the grant's " +
      "level, a member of the organization every field; 403 when the reader's level does not reach the field's " +
      "`access`, 404 for an item that is not the model's.",
    params: ZItemPath,
    query: ZReadingSeriesQuery,
    response: ZReadingSeries,
    errors: [403, 404],
    isPublic: true,
    readsCaller: true,
  },
  {
    method: "get",
    path: `${MODEL}/items/{itemId}/status-snapshots`,
    operation: "read",
    cache: "private",
    tag: TAG,
    summary: "An item's battery status snapshots, newest first",
    description:
      'Each change of an item\'s value of a field with the option `snapshot: "true"` (Annex XIII point 4(c)), by any ' +
      "sender, keeps the item's values of that field's top-level section as they then were, with the instant and the " +
      "passport version published with it (docs/readings.md §Status snapshots). For members of the organization.",
    params: ZItemPath,
    query: ZStatusSnapshotQuery,
    response: z.array(ZStatusSnapshot),
    errors: [404],
  },
];
