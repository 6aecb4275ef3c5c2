import { AppError } from "~/domain/app-error";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import type { OwnerLevel } from "~/domain/template-index";
import { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/server/db/transaction";
import { readItem } from "~/server/services/items/internal/item-dto";
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
 * statement (touchOwner), so the value tables' triggers must leave the owner alone (migration
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
export function ownerLevel(owner: PassportDataOwner): OwnerLevel {
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

/** What a version bump wrote: the owner's new version and update time. */
export type OwnerBump = { version: number; updatedAt: Date };

/**
 * Bumps the version (the ETag) and the update time; the row's trigger advances its passport epoch with them.
 *
 * After a `values` lock other writers of the owner may have committed since it was read, so the bump is the write's
 * If-Match check (412 when the version moved on) and it gives the write's history change the next id of the
 * sequence: writers of one owner take this row lock one after another until they commit, so the history's ids
 * follow the order the writes committed in (the latest change of a value is the one with the highest id) even
 * where the change was opened before another writer's.
 */
export async function touchOwner(
  tx: Tx,
  owner: PassportDataOwner,
  { mode, ifMatch, changeId }: { mode: OwnerLockMode; ifMatch?: number; changeId: string },
): Promise<OwnerBump> {
  const { table, noun } = OWNER_KINDS[owner.kind];
  const unmoved = mode === "values" && ifMatch !== undefined ? Prisma.sql`AND "version" = ${ifMatch}` : Prisma.empty;
  const renumber =
    mode === "values"
      ? Prisma.sql`, "renumbered" AS (
          UPDATE "passport_change" AS c SET "id" = nextval(pg_get_serial_sequence('passport_change', 'id'))
          FROM "bumped" WHERE c."id" = ${changeId}::bigint
        )`
      : Prisma.empty;
  const [bump] = await tx.$queryRaw<OwnerBump[]>`
    WITH "bumped" AS (
      UPDATE ${table} SET "version" = "version" + 1, "updatedAt" = now() WHERE "id" = ${owner.id}::uuid ${unmoved}
      RETURNING "version", "updatedAt"
    )${renumber}
    SELECT "version", "updatedAt" FROM "bumped"`;
  if (bump) return bump;
  // Only a `values` write with If-Match finds no row: another write committed since. A statement of its own sees it.
  const [current] = await tx.$queryRaw<{ version: number }[]>`SELECT "version" FROM ${table} WHERE "id" = ${owner.id}::uuid`;
  throw movedOn(noun, ifMatch ?? 0, current?.version ?? 0);
}

export async function readOwner<O extends PassportDataOwner>(tx: Tx, owner: O): Promise<PassportDataOwnerDtos[O["kind"]]> {
  return ownerKind<O["kind"]>(owner.kind).read(tx, owner.id);
}

/** The entry of one kind, typed by that kind, so each owner's answer keeps its own type. */
function ownerKind<K extends PassportDataOwner["kind"]>(kind: K): OwnerKind<PassportDataOwnerDtos[K]> {
  return OWNER_KINDS[kind];
}
