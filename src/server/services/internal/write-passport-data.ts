import type { TemplateIndex } from "~/domain/template-index";
import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { inTransaction, type Tx } from "~/server/db/transaction";
import { assertMayDoOnModel } from "~/server/services/access";
import { discardChange, openChange, type OpenChange } from "~/server/services/history/internal/change-record";
import {
  defaultLanguageOf,
  type LockedOwner,
  lockOwner,
  type OwnerBump,
  type OwnerLockMode,
  type PassportDataOwner,
  type PassportDataOwnerDtos,
  readOwner,
  touchOwner,
} from "~/server/services/internal/passport-data-owner";
import { takeStatusSnapshots } from "~/server/services/status-snapshots/internal/take-status-snapshots";
import { assertPartnerWrite } from "~/server/services/partner-grants/internal/assert-partner-write";
import { grantedValuesOnly } from "~/server/services/partner-grants/internal/granted-values";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

export type WritePassportDataOptions<O extends PassportDataOwner> = {
  actor: Actor;
  organizationId: string;
  owner: O;
  /** The version the caller last read (If-Match); the write is refused if the owner has moved on since. */
  ifMatch?: number;
  /**
   * The sections whose values the write touches, for a write a partner organization may make (docs/partners.md):
   * each must lie in a section granted to it. A write without them (a model's name, template, settings) is refused
   * to partners.
   */
  sectionIds?: readonly string[];
  /**
   * `values` for a write that only modifies existing values: it shares the owner with other such writes instead of
   * queueing behind them (OwnerLockMode, passport-data-owner.ts). Every other write leaves it out.
   */
  mode?: OwnerLockMode;
};

/**
 * The owner as a write sees it: locked, with its template and version, and the history change the write's value
 * statements record into (data-value-sql.ts takes it from here, so no write can forget it).
 */
export type WritingOwner = LockedOwner & { change: OpenChange };

/** One write's own rule, run with the owner locked; says whether it changed anything. */
export type PassportDataWrite = (tx: Tx, owner: WritingOwner, index: TemplateIndex) => Promise<boolean>;

/**
 * The one path of every write to a model's passport data: membership of the organization, or a partner grant on
 * the model (403), one transaction, the owner's row locked and scoped to the organization (404), If-Match (412), the
 * owner's template index, a partner's grant still active and covering the sections written (403), then the
 * operation's own `write`. A write that changed something bumps the version (the ETag) and keeps its history change
 * (who, through what, when, which values from what to what); one that changed nothing keeps the version, so other
 * clients' If-Match still holds, and leaves no history. An item's write that changed a status takes its snapshot
 * (takeStatusSnapshots), and publishes the item's next version when its model says so. Answers the owner as read back inside the transaction. The
 * cached passports need no call: the database advances their epoch with the write (passport-cache.ts).
 */
export async function writePassportData<O extends PassportDataOwner>(
  options: WritePassportDataOptions<O>,
  write: PassportDataWrite,
): Promise<PassportDataOwnerDtos[O["kind"]]> {
  const { owner } = options;
  const partner = assertMayDoOnModel(
    options.actor,
    options.organizationId,
    owner.kind === "item" ? owner.modelId : owner.id,
    "writeData",
  );
  return inTransaction(async (tx) => {
    const written = await writeOwner(tx, options, write);
    // Read before the bump, so writers sharing the owner hold its row only for the bump and the commit. The answer
    // describes its version only if no other write committed between this read and the bump (the bump is then the
    // read's version + 1); else it is read again, under the bump's row lock.
    const read = await readOwner(tx, options.owner);
    const bump = await written.finish();
    const answer =
      bump === null
        ? read
        : bump.version === read.version + 1
          ? { ...read, version: bump.version, updatedAt: bump.updatedAt.toISOString() }
          : await readOwner(tx, options.owner);
    // A partner reads back what it may read: the granted sections' values.
    return grantedValuesOnly(tx, partner, answer);
  });
}

/**
 * The same path inside a transaction the caller holds, for an operation that writes many owners all or nothing (the
 * spreadsheet import, services/items/import-items.ts); the caller has checked membership. Says whether the write
 * changed anything.
 */
export async function writePassportDataIn(
  tx: Tx,
  options: WritePassportDataOptions<PassportDataOwner>,
  write: PassportDataWrite,
): Promise<boolean> {
  return (await (await writeOwner(tx, options, write)).finish()) !== null;
}

/**
 * The path up to the owner's version bump, which `finish` makes (answering it, or null when the write changed
 * nothing): the caller may read the owner in between.
 */
async function writeOwner(
  tx: Tx,
  { actor, organizationId, owner, ifMatch, sectionIds, mode = "update" }: WritePassportDataOptions<PassportDataOwner>,
  write: PassportDataWrite,
): Promise<{ finish: () => Promise<OwnerBump | null> }> {
  const locked = await lockOwner(tx, { organizationId, owner, ifMatch, mode });
  const index = await loadTemplateIndex(tx, locked.templateId);
  await assertPartnerWrite(tx, { actor, organizationId, index, sectionIds });
  const change = await openChange(tx, { actor, organizationId, owner });
  const changed = await write(tx, { ...locked, change }, index);
  return {
    async finish() {
      if (!changed) {
        await discardChange(tx, change);
        return null;
      }
      // Last, so writers sharing the owner (`values`) hold its row only from here to their commit.
      const bump = await touchOwner(tx, owner, { mode, ifMatch, changeId: change.id });
      if (owner.kind === "item")
        await takeStatusSnapshots(tx, { actor, organizationId, modelId: owner.modelId, itemIds: [owner.id], index });
      return bump;
    },
  };
}

/**
 * Many items of one model as the set-based write sees them: locked, following `templateId`, with who writes (the
 * history's actor). The write's statement records each changed item's history and bumps its version itself
 * (data-values/internal/many-items-sql.ts), so a history row and a version exist only for an item that changed.
 */
export type WritingItems = {
  actor: Actor;
  organizationId: string;
  modelId: string;
  /** Ascending: the order they were locked in. */
  itemIds: string[];
  templateId: string;
  /** The organization's default language: what a value of a multilingual field without a language is written in. */
  defaultLanguage: string;
};

/** One set-based write of many items' rules, run with the items locked; answers how many items changed. */
export type ManyItemsWrite = (tx: Tx, items: WritingItems, index: TemplateIndex) => Promise<number>;

/**
 * The one write path for many items of one model at once, inside the caller's transaction (the spreadsheet import):
 * the same rules as writePassportDataIn — each item locked and scoped to the model and organization (404), the
 * template index, history per changed item, versions bumped only where something changed, passport epochs advanced
 * by the database — but set-based: the locks are one statement (ids ascending, so two such writes cannot deadlock)
 * and the write's values, history and versions a few more, whatever the number of items. The caller has checked
 * membership. Answers how many items changed.
 */
export async function writeManyItemsDataIn(
  tx: Tx,
  { actor, organizationId, modelId, itemIds }: { actor: Actor; organizationId: string; modelId: string; itemIds: readonly string[] },
  write: ManyItemsWrite,
): Promise<number> {
  const sorted = [...new Set(itemIds)].sort();
  if (sorted.length === 0) return 0;
  const locked = await tx.$queryRaw<{ templateId: string; count: number; defaultLanguage: string }[]>`
    WITH "locked" AS (
      SELECT "templateId" FROM "item"
      WHERE "id" = ANY(${sorted}::uuid[]) AND "modelId" = ${modelId}::uuid AND "organizationId" = ${organizationId}
      ORDER BY "id" FOR UPDATE
    )
    SELECT "templateId"::text AS "templateId", count(*)::int AS "count", ${defaultLanguageOf(organizationId)}
    FROM "locked" GROUP BY 1`;
  const [first] = locked;
  if (!first || locked.reduce((n, row) => n + row.count, 0) < sorted.length) throw new AppError("NOT_FOUND", "Item not found.");
  // One template for all: a template switch of the model's items runs in one transaction, under the model's lock.
  if (locked.length > 1) throw new AppError("CONFLICT", "The items follow different templates; write them separately.");
  const index = await loadTemplateIndex(tx, first.templateId);
  const writing = {
    actor,
    organizationId,
    modelId,
    itemIds: sorted,
    templateId: first.templateId,
    defaultLanguage: first.defaultLanguage,
  };
  const changed = await write(tx, writing, index);
  if (changed > 0) await takeStatusSnapshots(tx, { actor, organizationId, modelId, itemIds: sorted, index });
  return changed;
}
