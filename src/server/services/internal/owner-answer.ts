import { JsonAnswer } from "~/domain/json-answer";
import type { PartnerAccess } from "~/domain/actor";
import type { TemplateIndex } from "~/domain/template-index";
import type { Tx } from "~/server/db/transaction";
import { valueFormParams, valueForms } from "~/server/services/data-values/internal/answered-values-sql";
import { grantedSectionsOf } from "~/server/services/partner-grants/internal/granted-values";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

/**
 * What an owner's answer statement gives back (model-dto.ts, item-dto.ts): the owner's own columns, its template and
 * version, and its answered values' JSON text — null when the statement was not told the owner's template (the
 * values' forms depend on it, answered-values-sql.ts).
 */
export type OwnerAnswerRow = { templateId: string; version: number; dataValues: string | null };

/**
 * Who reads an owner's answer: in which organization (absent inside a write, which has checked it), as a partner or
 * not, and the owner's template when the caller knows it.
 */
export type AnswerReader = { organizationId?: string; partner: PartnerAccess | undefined; templateId?: string };

/** Runs an owner's answer statement for this template (or none) with these value-form parameters. */
export type ReadAnswerRow<R> = (templateId: string | null, formParams: unknown[]) => Promise<R | undefined>;

/**
 * An owner's answer in two parts: its own keys as JavaScript writes them (`summary`, TModelSummary or TItemSummary),
 * which a write patches with its version bump, and its data values' JSON text as the database wrote it.
 */
export type OwnerAnswerParts<S extends { version: number }> = { summary: S; values: string };

/** The answer's text: the summary's keys, then `dataValues` — the key order of the contract's Model and Item. */
export function jsonAnswer({ summary, values }: OwnerAnswerParts<{ version: number }>): JsonAnswer {
  return new JsonAnswer(`${JSON.stringify(summary).slice(0, -1)},"dataValues":[${values}]}`, summary.version);
}

/**
 * An owner's template as last read, per owner id: the guess its next read's statement is built for, so a read is one
 * statement — one snapshot, so the version (ETag) always describes the values sent with it. A wrong or missing
 * guess (the owner's template switched, another process, first read) costs one more statement, never a wrong
 * answer: the statement answers the values only when the guess is the owner's template. Bounded; cleared when full.
 */
const templateGuesses = new Map<string, string>();
const MAX_GUESSES = 10_000;

/**
 * The owner as the contract answers it, in parts (OwnerAnswerParts): its data values written by the database, the
 * granted sections' only for a partner (docs/partners.md). `templateId` is the owner's template when the caller
 * knows it (a write, which holds the owner locked). Byte for byte `JSON.stringify` of the JavaScript assembly
 * (answered-values-json.test.ts). Undefined when the statement finds no owner.
 */
export async function readAnswerParts<R extends OwnerAnswerRow, S extends { version: number }>(
  db: Tx,
  { ownerId, partner, templateId: known }: { ownerId: string; partner: PartnerAccess | undefined; templateId?: string },
  readRow: ReadAnswerRow<R>,
  summary: (row: R) => S,
): Promise<OwnerAnswerParts<S> | undefined> {
  let templateId = known ?? templateGuesses.get(ownerId) ?? null;
  // A guess proven wrong is replaced by the template the statement read; only a template switched between two
  // statements, twice in a row, runs out of attempts.
  for (let attempt = 0; attempt < 3; attempt++) {
    const index: TemplateIndex | undefined = templateId === null ? undefined : await loadTemplateIndex(db, templateId);
    const params = index ? valueFormParams(valueForms(index, grantedSectionsOf(index, partner))) : NO_FORMS;
    const row = await readRow(templateId, params);
    if (!row) return undefined;
    if (templateGuesses.size >= MAX_GUESSES) templateGuesses.clear();
    templateGuesses.set(ownerId, row.templateId);
    if (row.dataValues !== null) return { summary: summary(row), values: row.dataValues };
    templateId = row.templateId;
  }
  throw new Error(`The template of ${ownerId} changed under three reads in a row.`);
}

/**
 * The owner's unique product identifiers as the contract lists them (oldest first), a JSON column of an answer's
 * statement; `key` the identifier's column naming the owner, `ownerId` the owner's id as an SQL expression.
 */
export function identifiersSql(key: "modelId" | "itemId", ownerId: string): string {
  return `COALESCE((
           SELECT json_agg(json_build_object('uuid', u."uuid", 'value', u."value") ORDER BY u."createdAt")
           FROM "unique_product_identifier" AS u WHERE u."${key}" = ${ownerId}
         ), '[]'::json) AS "uniqueProductIdentifiers"`;
}

/** The value-form parameters of a statement told no template: it answers the owner's row only. */
const NO_FORMS = [[], [], [], null];
