import type { DataValuesInput, DeleteRowInput, EditorTarget } from "~/components/model-editor/editor-requests";
import type { EditorOwnerState } from "~/components/model-editor/draft-store";
import type { OwnerLevel } from "~/domain/template-index";
import type { trpc } from "~/lib/trpc/react";

type Client = ReturnType<typeof trpc.useUtils>["client"];

/** The data-value procedures of the editor's owner, and which fields it holds by the one granularity rule. */
export type OwnerWrites = {
  level: OwnerLevel;
  add: (input: DataValuesInput) => Promise<EditorOwnerState>;
  modify: (input: DataValuesInput) => Promise<EditorOwnerState>;
  deleteRow: (input: DeleteRowInput) => Promise<EditorOwnerState>;
  latest: () => Promise<EditorOwnerState>;
};

/**
 * The editor edits a model, or one item of it when the target names an item: the same requests, sent to the
 * model's procedures or to the item's, which take the item's id besides.
 */
export function ownerWrites(client: Client, target: EditorTarget): OwnerWrites {
  const { itemId, ...model } = target;
  if (itemId === undefined) {
    return {
      level: "Model",
      add: (input) => client.dataValues.add.mutate(input),
      modify: (input) => client.dataValues.modify.mutate(input),
      deleteRow: (input) => client.dataValues.deleteRow.mutate(input),
      latest: () => client.models.byId.query(model),
    };
  }
  return {
    level: "Item",
    add: (input) => client.items.dataValues.add.mutate({ ...input, itemId }),
    modify: (input) => client.items.dataValues.modify.mutate({ ...input, itemId }),
    deleteRow: (input) => client.items.dataValues.deleteRow.mutate({ ...input, itemId }),
    latest: () => client.items.byId.query({ ...model, itemId }),
  };
}
