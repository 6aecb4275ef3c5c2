import { Prisma } from "~/generated/prisma/client";
import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { createStepper } from "~/domain/bounded-steps";
import type { TPublishedItemVersions } from "~/domain/versions/passport-credential";
import { inTransaction, type Tx } from "~/server/db/transaction";
import { assertMayDo } from "~/server/services/access";
import { itemsToPublish } from "~/server/services/passport-versions/internal/items-to-publish";
import { publishOwners } from "~/server/services/passport-versions/internal/publish-owners";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

export type PublishItemVersionsOptions = {
  actor: Actor;
  organizationId: string;
  modelId: string;
  /** Items per transaction; `PUBLISH_CHUNK_ITEMS` unless a test asks for smaller chunks. */
  chunkItems?: number;
};

/**
 * How many items one transaction publishes. On the embedded database a transaction holds the one backend for every
 * other request, so 10,000 items in one transaction left the app answering no one for half a minute; a chunk of
 * this size holds it for about a second (docs/versions.md).
 */
export const PUBLISH_CHUNK_ITEMS = 100;

type ItemCursor = { createdAt: Date; id: string };
type Chunk = { published: TPublishedItemVersions["items"]; last: ItemCursor | null };

/**
 * Publishes the next version of every item of a model (docs/versions.md), in chunks of `PUBLISH_CHUNK_ITEMS` items
 * in creation order, each chunk its own transaction and set-based: the model and the chunk's items locked in two
 * statements (as `writePassportData` locks one owner), their values read in one query, the versions stored in one
 * statement. Other requests run between chunks; the work inside one yields to them every few milliseconds.
 */
export async function publishItemVersions({
  actor,
  organizationId,
  modelId,
  chunkItems = PUBLISH_CHUNK_ITEMS,
}: PublishItemVersionsOptions): Promise<TPublishedItemVersions> {
  assertMayDo(actor, organizationId, "writeData");
  const items: TPublishedItemVersions["items"] = [];
  let after: ItemCursor | null = null;
  do {
    const cursor: ItemCursor | null = after;
    const chunk: Chunk = await inTransaction((tx) => publishChunk(tx, { actor, organizationId, modelId, chunkItems, after: cursor }));
    items.push(...chunk.published);
    after = chunk.last;
  } while (after !== null);
  return { count: items.length, items };
}

async function publishChunk(
  tx: Tx,
  { actor, organizationId, modelId, chunkItems, after }: Required<PublishItemVersionsOptions> & { after: ItemCursor | null },
): Promise<Chunk> {
  const [locked] = await tx.$queryRaw<{ templateId: string }[]>`
    SELECT "templateId"::text AS "templateId" FROM "model" WHERE "id" = ${modelId}::uuid AND "organizationId" = ${organizationId} FOR UPDATE`;
  if (!locked) throw new AppError("NOT_FOUND", "Model not found.");
  const chunk = await tx.$queryRaw<ItemCursor[]>`
    SELECT "id"::text AS "id", "createdAt" FROM "item"
    WHERE "modelId" = ${modelId}::uuid
      ${after === null ? Prisma.empty : Prisma.sql`AND ("createdAt", "id") > (${after.createdAt}, ${after.id}::uuid)`}
    ORDER BY "createdAt", "id" LIMIT ${chunkItems} FOR UPDATE`;
  if (chunk.length === 0) return { published: [], last: null };
  const index = await loadTemplateIndex(tx, locked.templateId);
  const stepper = createStepper();
  const itemIds = chunk.map((row) => row.id);
  const owners = await itemsToPublish(tx, { organizationId, modelId, itemIds, index }, stepper);
  const published = await publishOwners(tx, { organizationId, userId: actor.userId, owners, stepper });
  const lastItem = chunk.at(-1);
  const last = chunk.length === chunkItems && lastItem ? lastItem : null;
  return { published: published.map(({ ownerId, ...version }) => ({ itemId: ownerId, ...version })), last };
}
