import type { LanguageSettings } from "~/domain/languages/language";
import { type AssembledPassport, documentLanguages, passportFor, passportInLanguage } from "~/domain/passport";
import { Prisma } from "~/generated/prisma/client";
import type { TPassport, TReaderLevel } from "~/domain/passport-schema";
import type { TReadingSeries } from "~/domain/reading";
import type { TemplateIndex } from "~/domain/template-index";
import { hotStatement } from "~/server/db/hot-statement";
import type { LatestPublished } from "~/server/services/passport-versions/internal/version-sql";

/**
 * Assembled passports by identifier uuid, so a read that hits costs one small query instead of assembling the
 * passport again (docs/api.md §Passports, Caching). Forgetting is structural, not a call a write must remember: the
 * database advances a model's and an item's `passportEpoch` on every change of what their passports show (triggers
 * of migration 20261127003000_passport_epoch, on the model and item rows, their data values and their identifiers),
 * an entry keeps the epochs it was assembled at (read in the same snapshot as its values), and every read checks
 * them first. A deleted model or item, or a retired identifier, finds no row: the passport is gone at once. So every
 * app server answers every committed write from the next read on, with no notification to lose.
 */

const MAX_ENTRIES = 10_000;

export type PassportEntry = {
  organizationId: string;
  modelId: string;
  /**
   * The model's and (for an item's passport) the item's passport epoch, and the organization's languages, as
   * "model.item.default.published": a change of the languages changes what a reader is answered in.
   */
  epoch: string;
  /** The organization's languages when the entry was loaded: what negotiation answers from (docs/languages.md). */
  languages: LanguageSettings;
  assembled: AssembledPassport;
  /** The latest published version, if any: what every reader but a member then sees (docs/versions.md). */
  published?: LatestPublished;
  /** An item's series of numbers as its page charts them (passport-reading-charts.ts); empty for a model. */
  readingCharts: readonly TReadingSeries[];
  /** The template index the latest version was frozen with, to rebuild its AAS form (frozen-passport.ts). */
  publishedIndex?: TemplateIndex;
  /**
   * The passport per reader level and answered language (`level|language`), cut on first use: the same object answers
   * every reader of that level and language. Only published languages are answered, so at most 3 × 40 views.
   */
  views: Map<string, TPassport>;
};

/**
 * The epoch expression (model `m`, item `i`, organization `o`): load-passport.ts reads it with the values and every
 * cache hit compares it, so both must be this one expression.
 */
export const PASSPORT_EPOCH = Prisma.sql`m."passportEpoch" || '.' || COALESCE(i."passportEpoch"::text, '') || '.' ||
  o."defaultLanguage" || '.' || array_to_string(o."publishedLanguages", ',')`;

export type LoadedPassport = Omit<PassportEntry, "views">;

// On globalThis: Next's bundles may load this module more than once; one cache per process is enough.
const globalForCache = globalThis as unknown as { passportStudioPassportCache?: Map<string, PassportEntry> };
const cache = (globalForCache.passportStudioPassportCache ??= new Map<string, PassportEntry>());

/**
 * The passport epochs of the identifier `uuid` opens now: the same expression as load-passport.ts reads with the
 * values, so an unchanged passport compares equal. Null for an unknown or retired identifier, or a deleted owner.
 */
export async function currentPassportEpoch(uuid: string): Promise<string | null> {
  const [row] = await readPassportEpoch([uuid]);
  return row?.epoch ?? null;
}

// Every read of a cached passport runs it, often as its only statement: prepared once (src/server/db/hot-statement.ts).
const readPassportEpoch = hotStatement<{ epoch: string }>(
  "current_passport_epoch",
  `SELECT ${PASSPORT_EPOCH.text} AS "epoch"
   FROM "unique_product_identifier" AS u
     LEFT JOIN "item" AS i ON i."id" = u."itemId"
     JOIN "model" AS m ON m."id" = COALESCE(u."modelId", i."modelId")
     JOIN "organization" AS o ON o."id" = m."organizationId"
   WHERE u."uuid" = $1::uuid AND u."retiredAt" IS NULL`,
);

/** The cached entry of `uuid` while its epochs are current, else `load()`'s; null when not found. */
export async function cachedPassport(uuid: string, load: () => Promise<LoadedPassport | null>): Promise<PassportEntry | null> {
  const hit = cache.get(uuid);
  if (hit) {
    const epoch = await currentPassportEpoch(uuid);
    if (epoch === hit.epoch) return hit;
    cache.delete(uuid);
    if (epoch === null) return null;
  }
  const loaded = await load();
  if (!loaded) return null;
  const entry: PassportEntry = { ...loaded, views: new Map() };
  store(uuid, entry);
  return entry;
}

function store(uuid: string, entry: PassportEntry): void {
  if (!cache.has(uuid) && cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(uuid, entry);
}

/**
 * The languages a reader of `level` is answered in: a published version's own (its default and the languages it was
 * published in, so it stays readable in each of them after the organization drops one), else the organization's.
 * A version frozen before versions kept every language names none: the organization's then (it answers one anyway).
 */
export function viewLanguages(entry: PassportEntry, level: TReaderLevel): LanguageSettings {
  const document = level === "member" ? undefined : entry.published?.documents[level].credentialSubject.passport;
  return (document && documentLanguages(document)) ?? entry.languages;
}

/**
 * The passport one reader level sees in the answered language (negotiated from viewLanguages, so one the view holds),
 * cut once per entry, level and language: the labels and values of that language, so each cached view is the answer.
 * Never published: the working copy, as always. Published: a reader sees the latest version as frozen for its level,
 * cut to the language, a member the working copy marked "draft".
 */
export function passportView(entry: PassportEntry, level: TReaderLevel, language: string): TPassport {
  const key = `${level}|${language}`;
  let view = entry.views.get(key);
  if (!view) {
    view = viewOf(entry, level, language);
    entry.views.set(key, view);
  }
  return view;
}

function viewOf({ assembled, published }: PassportEntry, level: TReaderLevel, language: string): TPassport {
  if (!published) return passportFor(assembled, level, language);
  const publication = { version: published.n, publishedAt: published.publishedAt.toISOString() };
  if (level === "member") {
    return {
      ...passportFor(assembled, level, language),
      publication: { state: "draft", ...publication, hash: published.hashes.public },
    };
  }
  const frozen = passportInLanguage(published.documents[level].credentialSubject.passport, language);
  return { ...frozen, publication: { state: "published", ...publication, hash: published.hashes[level] } };
}
