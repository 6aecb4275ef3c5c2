import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { MAX_VALUE_KEYS, type TLatestValueChange, type TValueKey } from "~/domain/history";
import { inTransaction } from "~/server/db/transaction";
import { assertMayDoOnModel } from "~/server/services/access";
import { assertOwnerVisible } from "~/server/services/history/internal/owner-visible";
import { readLatestValueChanges } from "~/server/services/history/internal/history-sql";
import { grantedKeysOnly } from "~/server/services/partner-grants/internal/granted-values";
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
 * the colleague's value. A value never changed since history began (or not at all) has no entry. A partner
 * organization's member (docs/partners.md §History) is answered about the granted sections' values only, the same rule
 * their reads of the model and its items follow; the history's other routes stay the owner's.
 */
export async function getLatestValueChanges({
  actor,
  organizationId,
  owner,
  keys,
}: GetLatestValueChangesOptions): Promise<TLatestValueChange[]> {
  const modelId = owner.kind === "item" ? owner.modelId : owner.id;
  const partner = assertMayDoOnModel(actor, organizationId, modelId, "read");
  if (keys.length > MAX_VALUE_KEYS) throw new AppError("BAD_REQUEST", `Ask about at most ${MAX_VALUE_KEYS} values at once.`);
  return inTransaction(async (tx) => {
    await assertOwnerVisible(tx, organizationId, owner);
    return readLatestValueChanges(tx, owner, await grantedKeysOnly(tx, partner, modelId, keys));
  });
}
