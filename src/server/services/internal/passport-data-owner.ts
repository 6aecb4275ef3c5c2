import { AppError } from "~/domain/app-error";
import type { TModel } from "~/domain/model-schema";
import type { Tx } from "~/server/db/transaction";
import { readModel } from "~/server/services/models/internal/model-dto";

/**
 * What holds passport data: data values that follow a template, and a version that is its ETag. Today that is a
 * model; the physical items of a model will be a second kind, with their own values and version, written through
 * the same path. Each kind says here how its row is locked, versioned and read back.
 */
export type PassportDataOwner = { kind: "model"; id: string };

/** The answer a write returns for each kind of owner. */
export type PassportDataOwnerDtos = { model: TModel };

/** An owner locked for the rest of the transaction: the template its values follow, and its current version. */
export type LockedOwner = PassportDataOwner & { templateId: string; version: number };

type OwnerKind<Dto> = {
  /** How messages name it: "model" in "The model has changed since version 3". */
  noun: string;
  notFound: string;
  /** Locks the owner's row FOR UPDATE, scoped to the organization: another organization's owner is not found. */
  lock(tx: Tx, organizationId: string, id: string): Promise<{ templateId: string; version: number } | undefined>;
  /** Bumps the version (the ETag) and the update time. */
  touch(tx: Tx, id: string): Promise<void>;
  /** The owner as the contract answers it, read inside the caller's transaction so it shows the caller's write. */
  read(tx: Tx, id: string): Promise<Dto>;
};

const OWNER_KINDS: { [K in PassportDataOwner["kind"]]: OwnerKind<PassportDataOwnerDtos[K]> } = {
  model: {
    noun: "model",
    notFound: "Model not found.",
    async lock(tx, organizationId, id) {
      const rows = await tx.$queryRaw<{ templateId: string; version: number }[]>`
        SELECT "templateId"::text AS "templateId", "version"
        FROM "model" WHERE "id" = ${id}::uuid AND "organizationId" = ${organizationId}
        FOR UPDATE`;
      return rows[0];
    },
    async touch(tx, id) {
      await tx.$executeRaw`UPDATE "model" SET "version" = "version" + 1, "updatedAt" = now() WHERE "id" = ${id}::uuid`;
    },
    read: readModel,
  },
};

/**
 * Locks the owner row for the rest of the transaction, so concurrent writers on one owner run one after another
 * and never lose each other's values; then checks the caller's If-Match version, if any.
 */
export async function lockOwner(
  tx: Tx,
  { organizationId, owner, ifMatch }: { organizationId: string; owner: PassportDataOwner; ifMatch?: number },
): Promise<LockedOwner> {
  const kind = OWNER_KINDS[owner.kind];
  const row = await kind.lock(tx, organizationId, owner.id);
  if (!row) throw new AppError("NOT_FOUND", kind.notFound);
  if (ifMatch !== undefined && ifMatch !== row.version) {
    throw new AppError(
      "PRECONDITION_FAILED",
      `The ${kind.noun} has changed since version ${ifMatch} (it is now at version ${row.version}); ` +
        "reload it and try again.",
    );
  }
  return { ...owner, ...row };
}

export async function touchOwner(tx: Tx, owner: PassportDataOwner): Promise<void> {
  await OWNER_KINDS[owner.kind].touch(tx, owner.id);
}

export async function readOwner<O extends PassportDataOwner>(
  tx: Tx,
  owner: O,
): Promise<PassportDataOwnerDtos[O["kind"]]> {
  return OWNER_KINDS[owner.kind].read(tx, owner.id);
}
