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
export type LockedOwner = PassportDataOwner & { templateId: string; version: number; defaultLanguage: string };

type LockedRow = { templateId: string; version: number; defaultLanguage: string };

type OwnerKind<Dto> = {
  /** How messages name it: "model" in "The model has changed since version 3". */
  noun: string;
  /** Which fields of the template it holds values for (template-index.ts `fieldLevel`). */
  level: OwnerLevel;
  notFound: string;
  /** Locks the owner's row FOR UPDATE, scoped to the organization: another organization's owner is not found. */
  lock(tx: Tx, organizationId: string, owner: PassportDataOwner): Promise<LockedRow | undefined>;
  /** Bumps the version (the ETag) and the update time. */
  touch(tx: Tx, id: string): Promise<void>;
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
    async lock(tx, organizationId, { id }) {
      const rows = await tx.$queryRaw<LockedRow[]>`
        SELECT "templateId"::text AS "templateId", "version", ${defaultLanguageOf(organizationId)}
        FROM "model" WHERE "id" = ${id}::uuid AND "organizationId" = ${organizationId}
        FOR UPDATE`;
      return rows[0];
    },
    async touch(tx, id) {
      await tx.$executeRaw`UPDATE "model" SET "version" = "version" + 1, "updatedAt" = now() WHERE "id" = ${id}::uuid`;
    },
    read: readModel,
  },
  item: {
    noun: "item",
    level: "Item",
    notFound: "Item not found.",
    async lock(tx, organizationId, owner) {
      if (owner.kind !== "item") return undefined;
      const rows = await tx.$queryRaw<LockedRow[]>`
        SELECT "templateId"::text AS "templateId", "version", ${defaultLanguageOf(organizationId)}
        FROM "item" WHERE "id" = ${owner.id}::uuid AND "modelId" = ${owner.modelId}::uuid
          AND "organizationId" = ${organizationId}
        FOR UPDATE`;
      return rows[0];
    },
    async touch(tx, id) {
      await tx.$executeRaw`UPDATE "item" SET "version" = "version" + 1, "updatedAt" = now() WHERE "id" = ${id}::uuid`;
    },
    read: readItem,
  },
};

/** The fields whose values this owner holds: a model's Model-level ones, an item's Item-level ones. */
export function ownerLevel(owner: PassportDataOwner): OwnerLevel {
  return OWNER_KINDS[owner.kind].level;
}

/**
 * Locks the owner row for the rest of the transaction, so concurrent writers on one owner run one after another
 * and never lose each other's values; then checks the caller's If-Match version, if any.
 */
export async function lockOwner(
  tx: Tx,
  { organizationId, owner, ifMatch }: { organizationId: string; owner: PassportDataOwner; ifMatch?: number },
): Promise<LockedOwner> {
  const kind = OWNER_KINDS[owner.kind];
  const row = await kind.lock(tx, organizationId, owner);
  if (!row) throw new AppError("NOT_FOUND", kind.notFound);
  if (ifMatch !== undefined && ifMatch !== row.version) {
    throw new AppError(
      "PRECONDITION_FAILED",
      `The ${kind.noun} has changed since version ${ifMatch} (it is now at version ${row.version}); ` + "reload it and try again.",
    );
  }
  return { ...owner, ...row };
}

export async function touchOwner(tx: Tx, owner: PassportDataOwner): Promise<void> {
  await OWNER_KINDS[owner.kind].touch(tx, owner.id);
}

export async function readOwner<O extends PassportDataOwner>(tx: Tx, owner: O): Promise<PassportDataOwnerDtos[O["kind"]]> {
  return ownerKind<O["kind"]>(owner.kind).read(tx, owner.id);
}

/** The entry of one kind, typed by that kind, so each owner's answer keeps its own type. */
function ownerKind<K extends PassportDataOwner["kind"]>(kind: K): OwnerKind<PassportDataOwnerDtos[K]> {
  return OWNER_KINDS[kind];
}
