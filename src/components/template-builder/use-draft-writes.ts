"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Issue } from "~/domain/app-error";
import type { TTemplateDraft } from "~/domain/template-draft-schema";
import { trpcErrorInfo } from "~/lib/trpc-error-info";
import { trpc } from "~/lib/trpc/react";

export type DraftTarget = { organizationId: string; draftId: string; ifMatch: number };
export type DraftWriteError = { message: string; issues: Issue[] };

/**
 * What an edit changes, so a write refused with 412 (the draft changed in another tab) can tell whether the other
 * change touched the same thing: `read` gives that part of a draft (undefined when it is gone).
 */
export type DraftEditScope = { label: string; read: (draft: TTemplateDraft) => unknown; mine: unknown };

/** An edit that met another change to the same thing: both are shown, and the user picks (nothing typed is lost). */
export type DraftConflict = { label: string; mine: unknown; theirs: unknown; applyMine: () => void; keepTheirs: () => void };

type Write<T> = (target: DraftTarget) => Promise<T>;
type RunWrite = (write: Write<TTemplateDraft>) => Promise<TTemplateDraft | undefined>;

/**
 * The builder's writes to one draft, one at a time: each names the revision the previous one answered (If-Match),
 * so quick edits (arrow keys in the layout editor) queue instead of refusing each other with 412. An optional
 * optimistic change shows at once; the server's draft replaces it when the queue is empty.
 *
 * A 412 means another tab or person changed the draft. The edit is then rebased: the latest draft is read, and when
 * the part the edit changes (its scope) is the same there as in the draft the edit was made on, the edit is sent
 * again on top of it — the other change stays, and so does this one. When the other change touched the same part,
 * the edit is kept as a conflict showing both versions, for the user to apply theirs or keep the other
 * (docs/editor.md, The template builder in two tabs).
 */
export function useDraftWrites(initial: TTemplateDraft, organizationId: string) {
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<DraftWriteError | undefined>();
  const [conflict, setConflict] = useState<DraftConflict | undefined>();
  const [pending, setPending] = useState(0);
  const confirmed = useRef(initial);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const queued = useRef(0);

  const target = useCallback(
    (revision: number): DraftTarget => ({ organizationId, draftId: initial.id, ifMatch: revision }),
    [organizationId, initial.id],
  );

  const runRef = useRef<RunWrite | undefined>(undefined);

  const run = useCallback(
    <T extends TTemplateDraft>(write: Write<T>, optimistic?: (current: TTemplateDraft) => TTemplateDraft, scope?: DraftEditScope) => {
      /** Sends the write; on a 412, rebases it onto the latest draft or keeps it as a conflict (undefined then). */
      const writeRebased = async <T extends TTemplateDraft>(
        write: Write<T>,
        scope: DraftEditScope | undefined,
      ): Promise<T | undefined> => {
        // A few rounds: another tab may write again between our read and our retry.
        for (let round = 0; ; round++) {
          const base = confirmed.current;
          try {
            return await write(target(base.revision));
          } catch (caught) {
            if (trpcErrorInfo(caught).code !== "PRECONDITION_FAILED" || round >= 3) throw caught;
          }
          const fresh = await utils.client.templateDrafts.byId.query({ organizationId, draftId: initial.id });
          confirmed.current = fresh;
          if (scope && !samePart(scope.read(base), scope.read(fresh))) {
            setConflict({
              label: scope.label,
              mine: scope.mine,
              theirs: scope.read(fresh),
              applyMine: () => {
                setConflict(undefined);
                void runRef.current?.(write);
              },
              keepTheirs: () => setConflict(undefined),
            });
            return undefined;
          }
        }
      };

      if (optimistic) setDraft(optimistic);
      queued.current += 1;
      setPending(queued.current);
      const next = queue.current.then(async (): Promise<T | undefined> => {
        try {
          const saved = await writeRebased(write, scope);
          if (saved) {
            confirmed.current = saved;
            setError(undefined);
          }
          return saved;
        } catch (caught) {
          const info = trpcErrorInfo(caught);
          setError({ message: info.message, issues: info.issues });
          return undefined;
        } finally {
          queued.current -= 1;
          setPending(queued.current);
          if (queued.current === 0) setDraft(confirmed.current);
        }
      });
      queue.current = next;
      return next;
    },
    [target, utils, organizationId, initial.id],
  );
  useEffect(() => {
    runRef.current = run;
  }, [run]);

  const reload = useCallback(async () => {
    const fresh = await utils.client.templateDrafts.byId.query({ organizationId, draftId: initial.id });
    confirmed.current = fresh;
    setDraft(fresh);
    setError(undefined);
  }, [utils, organizationId, initial.id]);

  const client = utils.client.templateDrafts;
  return useMemo(
    () => ({ draft, error, conflict, isBusy: pending > 0, run, reload, client, dismissError: () => setError(undefined) }),
    [draft, error, conflict, pending, run, reload, client],
  );
}

function samePart(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
