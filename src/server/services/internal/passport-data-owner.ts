import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import type { OwnerLevel } from "~/domain/template-index";
import { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/server/db/transaction";
import { type OpenChanges, openChangesOf } from "~/server/services/history/internal/change-record";
import { readItem } from "~/server/services/items/internal/item-dto";
import { modelAnswerKeeper } from "~/server/services/models/internal/model-cache";
import { readModel } from "~/server/services/models/internal/model-dto";

/**
 * What holds passport data: data values that follow a template, and a version that is its ETag. A model holds the
 * values of its template's Model-level fields; each of its items holds those of the Item-level fields, with its
 * own version. Each kind says here how its row is locked, versioned and read back.
 */
export type PassportDataOwner =
  | { kind: "model"; id: string }
  /** An item is addressed under its model (`/models/{modelId}/items/{itemId}`): another model's item is not found. */
  | { kind: "item"; id: string; modelId: string };

/** The answer a write returns for each kind of owner. */
export type PassportDataOwnerDtos = { model: TModel; item: TItem };

/**
 * An owner locked for the rest of the transaction: the template its values follow, its current version, and its
 * organization's default language (what a value of a multilingual field without a language is written in).
 */
export type LockedOwner = PassportDataOwner & {
  templateId: string;
  version: number;
  defaultLanguage: string;
  /** How the owner is locked: under `values` each statement locks the value rows it writes. */
  mode: OwnerLockMode;
};

/**
 * How a write locks its owner's row. `update` (FOR UPDATE): writers of the owner run one after another — every write
 * that adds, deletes or moves rows, or changes the owner's own properties. `values` (FOR KEY SHARE): a write that
 * only modifies existing values shares the owner with other such writes — each locks the value rows it writes, in
 * order (data-value-sql.ts updateDataValues) — and still excludes every `update` writer, a template switch, a
 * publish and a delete, which take FOR UPDATE. Docs: docs/data-model.md, Concurrent writes.
 */
export type OwnerLockMode = "update" | "values";

const LOCK_CLAUSES: Record<OwnerLockMode, Prisma.Sql> = {
  update: Prisma.sql`FOR UPDATE`,
  values: Prisma.sql`FOR KEY SHARE`,
};

/**
 * A column of the lock's row: under a `values` lock the owner's version and epoch are bumped by the write's last
 * statement (finishOwners), so the value tables' triggers must leave the owner alone (migration
 * 20261208030000_deferred_owner_epoch); no round trip of its own.
 */
function pendingColumn(mode: OwnerLockMode, id: string): Prisma.Sql {
  return mode === "values" ? Prisma.sql`, set_config('passport.pending_owners', ${id}, true) AS "pending"` : Prisma.empty;
}

type LockedRow = { templateId: string; version: number; defaultLanguage: string };

type OwnerKind<Dto> = {
  /** How messages name it: "model" in "The model has changed since version 3". */
  noun: string;
  /** Which fields of the template it holds values for (template-index.ts `fieldLevel`). */
  level: OwnerLevel;
  notFound: string;
  /** Locks the owner's row FOR UPDATE, scoped to the organization: another organization's owner is not found. */
  lock(tx: Tx, organizationId: string, owner: PassportDataOwner, mode: OwnerLockMode): Promise<LockedRow | undefined>;
  /** The owner's table, for the version bump. */
  table: Prisma.Sql;
  /** The owner as the contract answers it, read inside the caller's transaction so it shows the caller's write. */
  read(tx: Tx, id: string): Promise<Dto>;
  /**
   * Where a member's answer of a write is kept once its transaction committed (AnswerKeeper), found as the
   * transaction's last statement; absent for a kind without a cache of its answers.
   */
  keeper?: (tx: Tx, id: string) => Promise<AnswerKeeper<Dto> | undefined>;
};

/** The organization's default language as a column of the lock's row: no round trip of its own. */
export function defaultLanguageOf(organizationId: string): Prisma.Sql {
  return Prisma.sql`(SELECT o."defaultLanguage" FROM "organization" AS o WHERE o."id" = ${organizationId}) AS "defaultLanguage"`;
}

const OWNER_KINDS: { [K in PassportDataOwner["kind"]]: OwnerKind<PassportDataOwnerDtos[K]> } = {
  model: {
    noun: "model",
    level: "Model",
    notFound: "Model not found.",
    async lock(tx, organizationId, { id }, mode) {
      const rows = await tx.$queryRaw<LockedRow[]>`
        SELECT "templateId"::text AS "templateId", "version", ${defaultLanguageOf(organizationId)}${pendingColumn(mode, id)}
        FROM "model" WHERE "id" = ${id}::uuid AND "organizationId" = ${organizationId}
        ${LOCK_CLAUSES[mode]}`;
      return rows[0];
    },
    table: Prisma.raw(`"model"`),
    read: readModel,
    keeper: modelAnswerKeeper,
  },
  item: {
    noun: "item",
    level: "Item",
    notFound: "Item not found.",
    async lock(tx, organizationId, owner, mode) {
      if (owner.kind !== "item") return undefined;
      const rows = await tx.$queryRaw<LockedRow[]>`
        SELECT "templateId"::text AS "templateId", "version", ${defaultLanguageOf(organizationId)}${pendingColumn(mode, owner.id)}
        FROM "item" WHERE "id" = ${owner.id}::uuid AND "modelId" = ${owner.modelId}::uuid
          AND "organizationId" = ${organizationId}
        ${LOCK_CLAUSES[mode]}`;
      return rows[0];
    },
    table: Prisma.raw(`"item"`),
    read: readItem,
  },
};

/** The fields whose values this owner holds: a model's Model-level ones, an item's Item-level ones. */
export function ownerLevel(owner: Pick<PassportDataOwner, "kind">): OwnerLevel {
  return OWNER_KINDS[owner.kind].level;
}

/**
 * Locks the owner row for the rest of the transaction (`mode`, OwnerLockMode), so concurrent writers that conflict
 * run one after another and never lose each other's values; then checks the caller's If-Match version, if any.
 */
export async function lockOwner(
  tx: Tx,
  {
    organizationId,
    owner,
    ifMatch,
    mode = "update",
  }: { organizationId: string; owner: PassportDataOwner; ifMatch?: number; mode?: OwnerLockMode },
): Promise<LockedOwner> {
  const kind = OWNER_KINDS[owner.kind];
  const row = await kind.lock(tx, organizationId, owner, mode);
  if (!row) throw new AppError("NOT_FOUND", kind.notFound);
  if (ifMatch !== undefined && ifMatch !== row.version) throw movedOn(kind.noun, ifMatch, row.version);
  return { ...owner, templateId: row.templateId, version: row.version, defaultLanguage: row.defaultLanguage, mode };
}

function movedOn(noun: string, ifMatch: number, version: number): AppError {
  return new AppError(
    "PRECONDITION_FAILED",
    `The ${noun} has changed since version ${ifMatch} (it is now at version ${version}); ` + "reload it and try again.",
  );
}

/**
 * Owners of one kind locked for one write, each with its history change open (`changes`, change-record.ts):
 * ascending ids, all following `templateId` (an item's write names its model in `modelId`).
 */
export type LockedOwners = {
  kind: PassportDataOwner["kind"];
  modelId?: string;
  ids: string[];
  versions: number[];
  templateId: string;
  defaultLanguage: string;
  mode: OwnerLockMode;
  changes: OpenChanges;
};

/**
 * Locks the owners' rows for the rest of the transaction (`mode`, OwnerLockMode; ids ascending, so two writes of
 * overlapping owners cannot deadlock), scoped to the organization (and an item to its model: another's is not
 * found, 404), and opens each owner's history change, in one statement; then checks the caller's If-Match version
 * (a write of one owner). Owners following different templates are refused: a template switch of a model's items
 * runs in one transaction under the model's lock, so only a caller's mistake mixes them.
 */
export async function lockOwners(
  tx: Tx,
  {
    actor,
    organizationId,
    kind,
    modelId,
    ids,
    ifMatch,
    mode = "update",
  }: {
    actor: Actor;
    organizationId: string;
    kind: PassportDataOwner["kind"];
    modelId?: string;
    ids: readonly string[];
    ifMatch?: number;
    mode?: OwnerLockMode;
  },
): Promise<LockedOwners> {
  const sorted = [...new Set(ids)].sort();
  const { table, notFound, noun } = OWNER_KINDS[kind];
  const inModel = kind === "item" ? Prisma.sql`AND "modelId" = ${modelId ?? null}::uuid` : Prisma.empty;
  const pending =
    mode === "values" ? Prisma.sql`, set_config('passport.pending_owners', l."id"::text, true) AS "pending"` : Prisma.empty;
  // The locked rows and the opened changes come back as two sets of rows, matched by owner here: a join of the two
  // CTEs is planned as a nested loop (the planner cannot estimate them; 1,000 owners made it a million comparisons).
  const rows = await tx.$queryRaw<
    { id: string; templateId: string | null; version: number | null; changeId: string | null; defaultLanguage: string | null }[]
  >`
    WITH "locked" AS (
      SELECT "id", "templateId", "version" FROM ${table}
      WHERE "id" = ANY(${sorted}::uuid[]) ${inModel} AND "organizationId" = ${organizationId}
      ORDER BY "id" ${LOCK_CLAUSES[mode]}
    )${openChangesOf({ actor, organizationId, kind, modelId })}
    SELECT l."id"::text AS "id", l."templateId"::text AS "templateId", l."version", NULL::text AS "changeId",
           ${defaultLanguageOf(organizationId)}${pending}
    FROM "locked" AS l
    UNION ALL
    SELECT o."owner"::text, NULL, NULL, o."changeId", NULL${mode === "values" ? Prisma.sql`, NULL` : Prisma.empty}
    FROM "opened" AS o`;
  const changeOf = new Map(rows.flatMap((row) => (row.changeId === null ? [] : [[row.id, row.changeId] as const])));
  const locked = rows.filter((row) => row.changeId === null).sort((a, b) => (a.id < b.id ? -1 : 1));
  const [first] = locked;
  if (!first || locked.length < sorted.length) throw new AppError("NOT_FOUND", notFound);
  if (locked.some((row) => row.templateId !== first.templateId)) {
    throw new AppError("CONFLICT", `The ${noun}s follow different templates; write them separately.`);
  }
  if (ifMatch !== undefined && ifMatch !== first.version) throw movedOn(noun, ifMatch, first.version ?? 0);
  const owners = locked.map((row) => row.id);
  return {
    kind,
    ...(modelId !== undefined && { modelId }),
    ids: owners,
    versions: locked.map((row) => row.version as number),
    templateId: first.templateId as string,
    defaultLanguage: first.defaultLanguage as string,
    mode,
    changes: { owners, ids: owners.map((id) => changeOf.get(id) as string), hasRecords: false },
  };
}

/** What a version bump wrote: the owner's new version and update time. */
export type OwnerBump = { id: string; version: number; updatedAt: Date };

/**
 * The end of a write, in one statement: drops the history changes of the owners that changed nothing, so the history
 * lists only writes that did, and bumps the version (the ETag) and the update time of those that changed (their
 * rows' trigger advances their passport epochs with them); an owner that changed nothing keeps its version, so other
 * clients' If-Match still holds.
 *
 * After a `values` lock other writers of the owner may have committed since it was read, so the bump is the write's
 * If-Match check (412 when the version moved on) and it gives the write's history change the next id of the
 * sequence: writers of one owner take this row lock one after another until they commit, so the history's ids
 * follow the order the writes committed in (the latest change of a value is the one with the highest id) even
 * where the change was opened before another writer's.
 */
export async function finishOwners(
  tx: Tx,
  { kind, ids, mode, changes }: LockedOwners,
  changed: ReadonlySet<string>,
  ifMatch?: number,
): Promise<OwnerBump[]> {
  const { table, noun } = OWNER_KINDS[kind];
  const bumped = ids.filter((id) => changed.has(id));
  const dropped = changes.ids.filter((_, k) => !changed.has(ids[k] as string));
  const unmoved = mode === "values" && ifMatch !== undefined ? Prisma.sql`AND "version" = ${ifMatch}` : Prisma.empty;
  const renumber =
    mode === "values"
      ? Prisma.sql`, "renumbered" AS (
          UPDATE "passport_change" AS c SET "id" = nextval(pg_get_serial_sequence('passport_change', 'id'))
          FROM "bumped" AS b JOIN unnest(${[...changes.owners]}::uuid[], ${[...changes.ids]}::bigint[]) AS w(o, c) ON w.o = b."id"
          WHERE c."id" = ANY(${[...changes.ids]}::bigint[]) AND c."id" = w.c
        )`
      : Prisma.empty;
  const bumps = await tx.$queryRaw<OwnerBump[]>`
    WITH "dropped" AS (
      DELETE FROM "passport_change" WHERE "id" = ANY(${dropped}::bigint[])
    ), "bumped" AS (
      UPDATE ${table} SET "version" = "version" + 1, "updatedAt" = now() WHERE "id" = ANY(${bumped}::uuid[]) ${unmoved}
      RETURNING "id", "version", "updatedAt"
    )${renumber}
    SELECT "id"::text AS "id", "version", "updatedAt" FROM "bumped" ORDER BY "id"`;
  if (bumps.length === bumped.length) return bumps;
  // Only a `values` write with If-Match misses its owner: another write committed since. A statement of its own sees it.
  const [current] = await tx.$queryRaw<{ version: number }[]>`SELECT "version" FROM ${table} WHERE "id" = ${bumped[0] ?? null}::uuid`;
  throw movedOn(noun, ifMatch ?? 0, current?.version ?? 0);
}

/**
 * Keeps the answer of a committed write for the next reads of its owner in the organization; answers it as kept
 * (one object for every reader, never to be changed).
 */
export type AnswerKeeper<Dto> = (organizationId: string, answer: Dto) => Dto;

/** The keeper of `owner`'s answers (OwnerKind `keeper`), found as the write's last statement; undefined for none. */
export async function answerKeeper<O extends PassportDataOwner>(
  tx: Tx,
  owner: O,
): Promise<AnswerKeeper<PassportDataOwnerDtos[O["kind"]]> | undefined> {
  return ownerKind<O["kind"]>(owner.kind).keeper?.(tx, owner.id);
}

export async function readOwner<O extends PassportDataOwner>(tx: Tx, owner: O): Promise<PassportDataOwnerDtos[O["kind"]]> {
  return ownerKind<O["kind"]>(owner.kind).read(tx, owner.id);
}

/** The entry of one kind, typed by that kind, so each owner's answer keeps its own type. */
function ownerKind<K extends PassportDataOwner["kind"]>(kind: K): OwnerKind<PassportDataOwnerDtos[K]> {
  return OWNER_KINDS[kind];
}
