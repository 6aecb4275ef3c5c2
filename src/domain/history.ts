import { ZInnerRows } from "~/domain/row-path";
import { z } from "zod";
import type { Actor, Operator } from "~/domain/actor";
import { ZPageLimit } from "~/domain/model-schema";
import { ZUuid } from "~/domain/uuid";

/**
 * The history of a model's or an item's passport data (docs/data-model.md, History): every write that changed
 * something is one entry naming who wrote, through what, when, and each value it changed from what to what.
 */

/**
 * How a write came in. A session is the browser: cookie-borne writes are accepted only from the app's own pages
 * (same-origin.ts), whether they reach tRPC or REST. An API key is the API, whichever adapter it calls.
 */
export const HISTORY_VIA = ["browser", "api", "cli"] as const;
export const ZHistoryVia = z.enum(HISTORY_VIA);
export type THistoryVia = z.infer<typeof ZHistoryVia>;

export function historyVia(actor: Actor | Operator): THistoryVia {
  if ("kind" in actor) return "cli";
  return actor.via === "session" ? "browser" : "api";
}

/**
 * The partner organization a user wrote for through a partner grant (docs/partners.md), named as it is now (null once
 * gone); absent when the writer belongs to the model's own organization.
 */
const ZWriterOrganization = z.object({ id: z.string(), name: z.string().nullable() });

/** Who wrote: a user in the app, a user's API key (named by the key, with its user), or the operator. */
export const ZHistoryAuthor = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("user"), id: z.string(), name: z.string().nullable(), organization: ZWriterOrganization.optional() }),
  z.object({
    kind: z.literal("apiKey"),
    id: z.string(),
    name: z.string().nullable(),
    user: z.object({ id: z.string(), name: z.string().nullable() }),
    organization: ZWriterOrganization.optional(),
  }),
  z.object({ kind: z.literal("operator"), id: z.null(), name: z.null() }),
]);
export type THistoryAuthor = z.infer<typeof ZHistoryAuthor>;

/** What became of a value: added (a new row), modified, deleted (a removed row), moved (a reordered row). */
export const ZValueChangeKind = z.enum(["add", "modify", "delete", "move"]);

export const ZValueChange = z.object({
  dataSectionId: ZUuid,
  dataFieldId: ZUuid,
  row: z.number().int().min(0),
  /** For a value in a nested repeater only: its rows below the outermost one (docs/data-model.md §Rows). */
  innerRows: z.array(z.number().int().min(0)).optional(),
  /** For a value of a multilingual field only: its language (docs/languages.md). */
  language: z.string().optional(),
  kind: ZValueChangeKind,
  /** null when the value did not exist or was empty. */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type TValueChange = z.infer<typeof ZValueChange>;

/**
 * A model's properties a history entry names; a GTIN the model did not have is "" there, and so is a registry setting
 * (commodity code; facilities as one comma-separated text, docs/registry.md); publishOnStatusChange is "true" or
 * "false".
 */
export const MODEL_PROPERTIES = [
  "name",
  "description",
  "templateId",
  "gtin",
  "commodityCode",
  "facilityIds",
  "publishOnStatusChange",
] as const;

export const ZPropertyChange = z.object({ name: z.enum(MODEL_PROPERTIES), from: z.string(), to: z.string() });
export type TPropertyChange = z.infer<typeof ZPropertyChange>;

/** The most value changes one entry lists; `valueCount` says how many the write changed in all. */
export const MAX_LISTED_VALUE_CHANGES = 200;

export const ZHistoryEntry = z.object({
  id: z.string(),
  at: z.string(),
  via: ZHistoryVia,
  who: ZHistoryAuthor,
  /** The first MAX_LISTED_VALUE_CHANGES value changes, in section, field and row order. */
  changes: z.array(ZValueChange),
  valueCount: z.number().int().min(0),
  /** A model's own properties the write changed (name, description, template, GTIN); empty for items. */
  properties: z.array(ZPropertyChange),
});
export type THistoryEntry = z.infer<typeof ZHistoryEntry>;

export const ZHistoryQuery = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: ZPageLimit,
});
export type THistoryQuery = z.infer<typeof ZHistoryQuery>;

/** A value named by its place: the keys the editor asks "who changed this last?" about. */
export const ZValueKey = z.object({
  dataSectionId: ZUuid,
  dataFieldId: ZUuid,
  row: z.number().int().min(0),
  innerRows: ZInnerRows.optional(),
  /** For a value of a multilingual field: its language. */
  language: z.string().max(35).optional(),
});
export type TValueKey = z.infer<typeof ZValueKey>;

/** The latest change of one value: who, through what, when, and from what to what. */
export const ZLatestValueChange = ZValueChange.extend({
  changeId: z.string(),
  at: z.string(),
  via: ZHistoryVia,
  who: ZHistoryAuthor,
});
export type TLatestValueChange = z.infer<typeof ZLatestValueChange>;

/** The most keys one question about latest changes may name: one editor's conflicts. */
export const MAX_VALUE_KEYS = 1000;
