import type { TemplateIndex } from "~/domain/template-index";
import type { Actor } from "~/domain/actor";
import { inTransaction, type Tx } from "~/server/db/transaction";
import { assertMayDoOnModel } from "~/server/services/access";
import type { OpenChanges } from "~/server/services/history/internal/change-record";
import {
  finishOwners,
  type LockedOwner,
  type LockedOwners,
  lockOwners,
  type OwnerBump,
  type OwnerLockMode,
  type PassportDataOwner,
  type PassportDataOwnerDtos,
  readOwner,
  answerKeeper,
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

/** The owners as a write sees them: locked, following one template, each with its open history change. */
export type WritingOwners = LockedOwners;

/**
 * One owner of a write as its own rule sees it: locked, with its template and version, and its history change
 * (`changeId` in `changes`: data-value-sql.ts records into it, so no write can forget it).
 */
export type WritingOwner = LockedOwner & { changeId: string; changes: OpenChanges };

/** One write's own rule over its owners, run with them locked; answers the ids of the owners it changed. */
export type OwnersWrite = (tx: Tx, owners: WritingOwners, index: TemplateIndex) => Promise<ReadonlySet<string>>;

/** The rule of a write that concerns its one owner alone (a model's name, template or settings, a publication); says whether it changed anything. */
export type PassportDataWrite = (tx: Tx, owner: WritingOwner, index: TemplateIndex) => Promise<boolean>;

/** Owner number `k` of a write (in `ids` order), as a rule of one owner sees it. */
export function writingOwner(owners: WritingOwners, k: number): WritingOwner {
  const id = owners.ids[k] as string;
  const owner: PassportDataOwner =
    owners.kind === "item" ? { kind: "item", id, modelId: owners.modelId as string } : { kind: "model", id };
  return {
    ...owner,
    templateId: owners.templateId,
    version: owners.versions[k] as number,
    defaultLanguage: owners.defaultLanguage,
    mode: owners.mode,
    changeId: owners.changes.ids[k] as string,
    changes: owners.changes,
  };
}

/** A rule of one owner as the write of its one owner. */
export function ownerWrite(write: PassportDataWrite): OwnersWrite {
  return async (tx, owners, index) => {
    const owner = writingOwner(owners, 0);
    return new Set((await write(tx, owner, index)) ? [owner.id] : []);
  };
}

/**
 * The one path of every write to passport data, of one owner or of many: membership of the organization, or a
 * partner grant on the model (403), one transaction, the owners' rows locked and scoped to the organization (404)
 * with their history changes opened in the same statement, If-Match (412), the owners' template index, a partner's
 * grant still active and covering the sections written (403), then the operation's own `write`, set-based over all
 * owners. In one last statement the owners that changed have their version (the ETag) bumped and keep their history
 * change (who, through what, when, which values from what to what); one that changed nothing keeps the version, so
 * other clients' If-Match still holds, and leaves no history. Items that changed a status take their snapshot
 * (takeStatusSnapshots), and publish their next version when their model says so. The cached passports need no
 * call: the database advances their epochs with the write (passport-cache.ts).
 *
 * This form writes one owner and answers it as read back inside the transaction.
 */
export async function writePassportData<O extends PassportDataOwner>(
  options: WritePassportDataOptions<O>,
  write: OwnersWrite,
): Promise<PassportDataOwnerDtos[O["kind"]]> {
  const { owner } = options;
  const partner = assertMayDoOnModel(
    options.actor,
    options.organizationId,
    owner.kind === "item" ? owner.modelId : owner.id,
    "writeData",
  );
  const { answer, keep } = await inTransaction(async (tx) => {
    const modelId = owner.kind === "item" ? owner.modelId : undefined;
    const written = await writeOwners(tx, { ...options, kind: owner.kind, modelId, ids: [owner.id] }, write);
    // Read before the bump, so writers sharing the owner hold its row only for the bump and the commit. The answer
    // describes its version only if no other write committed between this read and the bump (the bump is then the
    // read's version + 1); else it is read again, under the bump's row lock.
    const read = await readOwner(tx, owner);
    const [bump] = await written.finish();
    const whole =
      bump === undefined
        ? read
        : bump.version === read.version + 1
          ? { ...read, version: bump.version, updatedAt: bump.updatedAt.toISOString() }
          : await readOwner(tx, owner);
    // A partner reads back what it may read: the granted sections' values. A member's answer is the whole owner,
    // which the owner's cache keeps once the transaction committed (answerKeeper) — if the write took the owner for
    // itself: then nothing else changed what the owner shows from its lock to its commit (every such change updates
    // the owner's row), so the answer read in between is the state it commits. Writers sharing the owner (`values`)
    // read their answer before another one's commit may land, so theirs is not kept.
    if (partner) return { answer: await grantedValuesOnly(tx, partner, whole), keep: undefined };
    return { answer: whole, keep: options.mode === "values" ? undefined : await answerKeeper(tx, owner) };
  });
  return keep ? keep(options.organizationId, answer) : answer;
}

/** Many items of one model, written together (`ids`, in any order). */
export type ManyItems = { actor: Actor; organizationId: string; modelId: string; ids: readonly string[] };

/**
 * The same path for many items of one model inside a transaction the caller holds, for an operation that writes
 * them all or nothing (the spreadsheet import, services/items/import-items.ts); the caller has checked membership.
 * Every step is one statement whatever the number of items (their locks in ascending id order, so two such writes
 * cannot deadlock). Answers how many items changed.
 */
export async function writePassportDataIn(tx: Tx, { ids, ...target }: ManyItems, write: OwnersWrite): Promise<number> {
  if (ids.length === 0) return 0;
  const written = await writeOwners(tx, { ...target, kind: "item", ids }, write);
  return (await written.finish()).length;
}

type OwnersTarget = Omit<WritePassportDataOptions<PassportDataOwner>, "owner"> & {
  kind: PassportDataOwner["kind"];
  /** The items' model, for a write of items. */
  modelId?: string;
  ids: readonly string[];
};

/**
 * The path up to the owners' version bumps, which `finish` makes (answering them): the caller may read an owner in
 * between.
 */
async function writeOwners(tx: Tx, target: OwnersTarget, write: OwnersWrite): Promise<{ finish: () => Promise<OwnerBump[]> }> {
  const { actor, organizationId, sectionIds, ifMatch } = target;
  const owners = await lockOwners(tx, target);
  const index = await loadTemplateIndex(tx, owners.templateId);
  await assertPartnerWrite(tx, { actor, organizationId, index, sectionIds });
  const changed = await write(tx, owners, index);
  return {
    async finish() {
      // Last, so writers sharing the owner (`values`) hold its row only from here to their commit.
      const bumps = await finishOwners(tx, owners, changed, ifMatch);
      const { modelId } = owners;
      if (modelId !== undefined && bumps.length > 0) {
        await takeStatusSnapshots(tx, { actor, organizationId, modelId, itemIds: bumps.map((bump) => bump.id), index });
      }
      return bumps;
    },
  };
}
