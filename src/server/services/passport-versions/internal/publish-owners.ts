import { createStepper, type Stepper } from "~/domain/bounded-steps";
import type { AssembledPassport } from "~/domain/passport";
import { FULL_LEVEL, type TPublishedVersion, VERSION_LEVELS } from "~/domain/versions/passport-credential";
import type { Tx } from "~/server/db/transaction";
import { currentDppHeaders } from "~/server/services/passport-versions/internal/dpp-header";
import { organizationIssuer } from "~/server/services/passport-versions/internal/issuer";
import { lockPublicationInstant } from "~/server/services/passport-versions/internal/publication-lock";
import { freezeVersion, type PerLevel } from "~/server/services/passport-versions/internal/freeze-version";
import { activeSigningKey } from "~/server/services/passport-versions/internal/signing-keys";
import { insertVersions, latestVersions, type NewVersion } from "~/server/services/passport-versions/internal/version-sql";

/** One passport to publish: its owner (locked by the caller) and the passport assembled inside the same transaction. */
export type OwnerToPublish = { ownerKind: "model" | "item"; ownerId: string; modelId: string; assembled: AssembledPassport };

/**
 * Publishes the next version of each owner, inside the caller's transaction with the owners locked (docs/versions.md):
 * the previous versions of all of them in one query, each frozen, hashed and signed with the organization's current
 * key (made now at its first publication), all stored in one statement, each with the DPP header its settings give
 * now (frozen: a later change of the settings never changes a published version's answer). The owners' passport
 * epochs advance, so every app server's passport cache and shared caches show the new version from the next read on.
 */
export async function publishOwners(
  tx: Tx,
  {
    organizationId,
    userId,
    owners,
    stepper = createStepper(),
  }: { organizationId: string; userId: string; owners: readonly OwnerToPublish[]; stepper?: Stepper },
): Promise<(TPublishedVersion & { ownerId: string })[]> {
  if (owners.length === 0) return [];
  const { did: issuer, baseUrl } = await organizationIssuer(tx, organizationId);
  const key = await activeSigningKey(tx, organizationId);
  const latest = await latestVersions(
    tx,
    owners.map((o) => o.ownerId),
  );
  const dppHeaders = await currentDppHeaders(
    tx,
    organizationId,
    owners.map((o) => o.modelId),
  );
  await lockPublicationInstant(
    tx,
    owners.map((o) => o.modelId),
  );
  const publishedAt = new Date().toISOString();
  const versions: NewVersion[] = [];
  for (const owner of owners) {
    // Freezing signs three credentials per owner: give other requests the event loop between owners.
    await stepper.step();
    const previous = latest.get(owner.ownerId);
    const n = (previous?.n ?? 0) + 1;
    const dppHeader = dppHeaders.get(owner.modelId) ?? { economicOperatorId: issuer };
    const frozen = freezeVersion({
      assembled: owner.assembled,
      n,
      previousHashes: previous?.links ?? null,
      issuer,
      publishedAt,
      baseUrl,
      key,
      operatorIdentifiers: dppHeader.operatorIdentifiers,
    });
    versions.push({
      ...frozen,
      id: crypto.randomUUID(),
      organizationId,
      ownerKind: owner.ownerKind,
      ownerId: owner.ownerId,
      modelId: owner.modelId,
      passportUuid: owner.assembled.header.id,
      n,
      publishedAt,
      publishedBy: userId,
      previousHash: previous?.hash ?? null,
      chainHashes: sameAtEveryLevel(frozen.hashes[FULL_LEVEL]),
      dppHeader,
    });
  }
  await insertVersions(tx, versions);
  await advanceEpochs(tx, owners);
  return versions.map((v) => ({
    ownerId: v.ownerId,
    version: v.n,
    hash: v.hashes[FULL_LEVEL],
    previousHash: v.previousHash,
    publishedAt,
  }));
}

function sameAtEveryLevel(hash: string): PerLevel<string> {
  return Object.fromEntries(VERSION_LEVELS.map((level) => [level, hash])) as PerLevel<string>;
}

/** An update of the row is what advances its epoch (trigger of migration 20261127003000_passport_epoch). */
export async function advanceEpochs(tx: Tx, owners: readonly OwnerToPublish[]): Promise<void> {
  const models = owners.filter((o) => o.ownerKind === "model").map((o) => o.ownerId);
  const items = owners.filter((o) => o.ownerKind === "item").map((o) => o.ownerId);
  if (models.length > 0)
    await tx.$executeRaw`UPDATE "model" SET "passportEpoch" = "passportEpoch" WHERE "id" = ANY(${models}::uuid[])`;
  if (items.length > 0) await tx.$executeRaw`UPDATE "item" SET "passportEpoch" = "passportEpoch" WHERE "id" = ANY(${items}::uuid[])`;
}
