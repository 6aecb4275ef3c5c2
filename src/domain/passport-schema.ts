import { z } from "zod";
import { ACCESS_LEVELS } from "~/domain/field-options";
import { ZLayout } from "~/domain/layout";
import { ZUniqueProductIdentifier } from "~/domain/model-schema";
import { ZDataField, ZGranularityLevel, ZSectionType } from "~/domain/template-schema";
import { ZTranslations } from "~/domain/languages/template-translations";
import { ZRangeValue } from "~/domain/range-value";
import { ZText } from "~/domain/text";
import { ZUuid } from "~/domain/uuid";

/**
 * The public reading side of models and items (docs/api.md §Passports): the passport a reader may see, and the
 * access grants that let a named party read restricted fields. Shared by REST, tRPC, the page and the browser.
 */

export const ZAccessLevel = z.enum(ACCESS_LEVELS);
/** What a reader sees: one of the access levels, or every field as a member of the owning organization. */
export const ZReaderLevel = z.enum([...ACCESS_LEVELS, "member"]);
/** The levels a grant can give: public needs no grant. */
export const ZGrantLevel = z.enum(["legitimate-interest", "authority"]);

export type TAccessLevel = z.infer<typeof ZAccessLevel>;
export type TReaderLevel = z.infer<typeof ZReaderLevel>;
export type TGrantLevel = z.infer<typeof ZGrantLevel>;

/** A value in a passport: a list field's is the array of its entries (docs/field-options.md §Lists), a range field's its `{min, max}` object. */
export const ZPassportValue = z.union([z.string(), z.array(z.string()), ZRangeValue]).nullable();
/** One row of a section: field id → value, for every field of the section the reader may see. */
export const ZPassportRow = z.record(ZUuid, ZPassportValue);

/**
 * A field as a reader sees it: its name in the answered language, its `description` there (when it has one) and, for a
 * field with `choices`, `choiceLabels` in choice order (docs/languages.md §Reading). The raw `translations` are in a
 * published version's signed document only, never in a reader's answer.
 */
export const ZPassportField = ZDataField.extend({
  description: z.string().optional(),
  choiceLabels: z.array(z.string()).optional(),
});

export const ZPassportSection = z.object({
  id: ZUuid,
  name: z.string(),
  type: ZSectionType,
  parentId: ZUuid.nullable(),
  subSections: z.array(ZUuid),
  granularityLevel: ZGranularityLevel,
  layout: ZLayout,
  /** The section's description in the answered language, when it has one. */
  description: z.string().optional(),
  /** Only the fields the reader may see (and, in a model's passport, only the model's own fields). */
  dataFields: z.array(ZPassportField),
  /** One object per row, rows in order (in nested repeaters: level by level, docs/data-model.md §Rows). */
  dataValues: z.array(ZPassportRow),
  /**
   * For a section whose outermost repeater holds nested repeaters only: each row's whole path (its row in the
   * outermost repeater, then in each deeper one), parallel to `dataValues`, so a reader finds the rows inside a row.
   */
  rowPaths: z.array(z.array(z.number().int().min(0))).optional(),
  /**
   * In a published version's signed document only (docs/versions.md §Languages): the section's template
   * translations, and per row (parallel to `dataValues`) each multilingual field's `{language: value}` map over the
   * languages it was published in. A reader's answer is cut from it and holds neither.
   */
  translations: ZTranslations.optional(),
  dataValueLanguages: z.array(z.record(ZUuid, z.record(z.string(), ZPassportValue))).optional(),
  /** How many of the section's fields were left out because the reader's level is too low. */
  hiddenFieldCount: z.number().int().min(0),
});

export const ZPassport = z.object({
  /** The uuid of the unique product identifier the passport was opened with. */
  id: ZUuid,
  name: z.string(),
  description: z.string(),
  modelId: ZUuid,
  /** Present for an item's passport only. */
  itemId: ZUuid.optional(),
  templateId: ZUuid,
  /** The latest update of the model or (for an item's passport) the item. */
  updatedAt: z.string(),
  /** The model's own GTIN-14 (docs/gs1.md), on its items' passports too; null when it has none. */
  gtin: z.string().nullable(),
  /**
   * The model's commodity code (HS, CN or TARIC; docs/registry.md), as its registry record names it, on its items'
   * passports too; absent when none is set (and in versions published before the passport carried it).
   */
  commodityCode: z.string().optional(),
  /** The identifiers of what the passport describes: the model's, or the item's. */
  uniqueProductIdentifiers: z.array(ZUniqueProductIdentifier),
  /** Changes with every write to the model or item; with the reader's level it makes the ETag. */
  version: z.string(),
  readerLevel: ZReaderLevel,
  /** Fields left out for this reader, over all sections; 0 when the reader sees everything there is. */
  hiddenFieldCount: z.number().int().min(0),
  /**
   * Present when `?grant=` was given and opened nothing, so the reader sees the public passport: "revoked" or
   * "expired" (a grant of this passport), else "not-valid" (docs/security.md §Access grants).
   */
  grantRefused: z.enum(["revoked", "expired", "not-valid"]).optional(),
  /** The language a multilingual field's values are shown in, when the reader's was negotiated (docs/languages.md). */
  language: z.string().optional(),
  /** The languages the passport is published in (`?lang=` answers each), the default first. */
  languages: z.array(z.string()).optional(),
  dataSections: z.array(ZPassportSection),
  /**
   * Present once the passport has a published version (docs/versions.md): readers see that version ("published"),
   * members the working copy ("draft", not published); `version`, `publishedAt` and `hash` name the latest version.
   */
  publication: z
    .object({
      state: z.enum(["published", "draft"]),
      version: z.number().int().min(1),
      publishedAt: z.string(),
      /** SHA-256 of the version's credential at the reader's level (the public one for a member's draft). */
      hash: z.string(),
    })
    .optional(),
});

export type TPassportRow = z.infer<typeof ZPassportRow>;
export type TPassportValue = z.infer<typeof ZPassportValue>;
export type TPassportField = z.infer<typeof ZPassportField>;
export type TPassportSection = z.infer<typeof ZPassportSection>;
export type TPassport = z.infer<typeof ZPassport>;

/** `?grant=<token>`: the secret of an access grant. Anything malformed simply opens nothing (docs/security.md). */
export const ZPassportQuery = z.object({
  grant: z.string().max(200).optional(),
  /** The language asked for (docs/languages.md): first in negotiation; one that is not published falls through. */
  lang: z.string().max(40).optional(),
});

// ---- Access grants ----

export const MAX_GRANT_DAYS = 366;

export const ZAccessGrantCreateRequest = z.strictObject({
  level: ZGrantLevel,
  partyName: ZText("Party name", { error: "Party name must be a string" })
    .trim()
    .min(1, { error: "Party name must not be empty" })
    .max(200, { error: "Party name must be at most 200 characters" }),
  /** ISO 8601; must lie in the future and at most a year ahead. */
  expiresAt: z.iso.datetime({ offset: true, error: "expiresAt must be an ISO 8601 date and time" }),
  /** One passport of the model (or of one of its items); absent for a grant on the model and all its items. */
  passportUuid: ZUuid.optional(),
});

export const ZAccessGrant = z.object({
  id: ZUuid,
  modelId: ZUuid,
  passportUuid: ZUuid.nullable(),
  level: ZGrantLevel,
  partyName: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** Whether the grant opens passports now: neither revoked nor expired. */
  isActive: z.boolean(),
  readCount: z.number().int().min(0),
  lastReadAt: z.string().nullable(),
});

/** Answered once, when the grant is made: the secret is never shown again. */
export const ZAccessGrantCreated = ZAccessGrant.extend({
  token: z.string(),
  /** The passport page with the token, relative to the app's origin: `/p/{uuid}?grant=<token>`. */
  link: z.string(),
});

export const ZAccessGrantRead = z.object({
  readAt: z.string(),
  passportUuid: ZUuid,
  /** What the passport is: its model's name, and for an item's passport the item's identifier; null once deleted. */
  passportName: z.string().nullable(),
});

export type TAccessGrantCreateRequest = z.infer<typeof ZAccessGrantCreateRequest>;
export type TAccessGrant = z.infer<typeof ZAccessGrant>;
export type TAccessGrantCreated = z.infer<typeof ZAccessGrantCreated>;
export type TAccessGrantRead = z.infer<typeof ZAccessGrantRead>;
