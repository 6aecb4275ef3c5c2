import type { EditorTarget } from "~/components/model-editor/editor-requests";
import type { EditorOwnerState } from "~/components/model-editor/draft-store";
import type { TModelChangesRequest } from "~/domain/data-changes";
import type { TLatestValueChange, TValueKey } from "~/domain/history";
import type { OwnerLevel } from "~/domain/template-index";
import type { trpc } from "~/lib/trpc/react";

type Client = ReturnType<typeof trpc.useUtils>["client"];

/** The procedures of the editor's owner, and which fields it holds by the one granularity rule. */
export type OwnerWrites = {
  level: OwnerLevel;
  /** One Save: every change in one transaction, refused as a whole if the owner moved past `ifMatch`. */
  applyChanges: (changes: TModelChangesRequest, ifMatch: number) => Promise<EditorOwnerState>;
  latest: () => Promise<EditorOwnerState>;
  /** Who changed each of these values last, and when (the history), for the conflict view. */
  latestChanges: (keys: TValueKey[]) => Promise<TLatestValueChange[]>;
};

/**
 * The editor edits a model, or one item of it when the target names an item: the same requests, sent to the
 * model's procedures or to the item's, which take the item's id besides (an item has no name or description).
 */
export function ownerWrites(client: Client, target: EditorTarget): OwnerWrites {
  const { itemId, ...model } = target;
  if (itemId === undefined) {
    return {
      level: "Model",
      applyChanges: (changes, ifMatch) => client.dataValues.applyChanges.mutate({ ...model, ifMatch, changes }),
      latest: () => client.models.byId.query(model),
      latestChanges: (keys) => client.history.latest.query({ ...model, keys }),
    };
  }
  return {
    level: "Item",
    applyChanges: ({ deleteRows, add, modify, reorder }, ifMatch) =>
      client.items.dataValues.applyChanges.mutate({ ...model, itemId, ifMatch, changes: { deleteRows, add, modify, reorder } }),
    latest: () => client.items.byId.query({ ...model, itemId }),
    latestChanges: (keys) => client.history.latest.query({ ...model, itemId, keys }),
  };
}
