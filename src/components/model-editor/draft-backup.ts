import { z } from "zod";
import type { DraftBase, DraftSnapshot } from "~/components/model-editor/draft-store";

/**
 * A copy of the unsaved draft in the browser's localStorage, one per owner (model or item), tagged with the version
 * it was made on and the saved state under it (`DraftBase`), so a crash or a closed tab loses nothing: the editor
 * offers it back when it opens the same owner, also at a later version (`stale-backup.ts`). Storage may be full,
 * disabled or hold anything; every failure here means "no copy".
 */

const ZEntries = z.array(z.tuple([z.string(), z.string().nullable()]));
const ZRowLists = z.array(z.tuple([z.string(), z.array(z.number().int())]));

const ZBackup = z.object({
  version: z.number().int(),
  savedAt: z.string(),
  snapshot: z.object({ edits: ZEntries, rows: ZRowLists }),
  base: z.object({ values: ZEntries, rows: ZRowLists }),
});

export type DraftBackup = z.infer<typeof ZBackup>;

export function backupKey(owner: { kind: "model" | "item"; id: string }): string {
  return `passport-studio:draft:${owner.kind}:${owner.id}`;
}

export function readBackup(key: string): DraftBackup | undefined {
  try {
    const text = window.localStorage.getItem(key);
    if (text === null) return undefined;
    const parsed = ZBackup.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeBackup(key: string, version: number, snapshot: DraftSnapshot, base: DraftBase): void {
  try {
    const backup: DraftBackup = { version, savedAt: new Date().toISOString(), snapshot, base };
    window.localStorage.setItem(key, JSON.stringify(backup));
  } catch {
    // Full or disabled storage: the draft is still on the page, only the copy is missing.
  }
}

export function clearBackup(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to clear where storage is unavailable.
  }
}
