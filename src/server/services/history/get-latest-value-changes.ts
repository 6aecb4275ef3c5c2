import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { MAX_VALUE_KEYS, type TLatestValueChange, type TValueKey } from "~/domain/history";
import { inTransaction } from "~/server/db/transaction";
import { assertMemberOf } from "~/server/services/access";
import { assertOwnerVisible } from "~/server/services/history/internal/owner-visible";
import { readLatestValueChanges } from "~/server/services/history/internal/history-sql";
import type { PassportDataOwner } from "~/server/services/internal/passport-data-owner";

export type GetLatestValueChangesOptions = {
  actor: Actor;
  organizationId: string;
  /** The model (its own values) or the item whose values these are. */
  owner: PassportDataOwner;
  /** The values asked about, by section, field and row; at most MAX_VALUE_KEYS. */
  keys: readonly TValueKey[];
};

/**
 * Who changed each of these values last, through what, when, and from what to what: what a conflict shows beside
 * the colleague's value. A value never changed since history began (or not at all) has no entry.
 */
export async function getLatestValueChanges({
  actor,
  organizationId,
  owner,
  keys,
}: GetLatestValueChangesOptions): Promise<TLatestValueChange[]> {
  assertMemberOf(actor, organizationId);
  if (keys.length > MAX_VALUE_KEYS) throw new AppError("BAD_REQUEST", `Ask about at most ${MAX_VALUE_KEYS} values at once.`);
  return inTransaction(async (tx) => {
    await assertOwnerVisible(tx, organizationId, owner);
    return readLatestValueChanges(tx, owner, keys);
  });
}
