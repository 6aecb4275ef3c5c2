"use client";

import { useCallback, useMemo, useRef, useState } from "react";
import type { Issue } from "~/domain/app-error";
import type { TTemplateDraft } from "~/domain/template-draft-schema";
import { trpcErrorInfo } from "~/lib/trpc-error-info";
import { trpc } from "~/lib/trpc/react";

export type DraftTarget = { organizationId: string; draftId: string; ifMatch: number };
export type DraftWriteError = { message: string; issues: Issue[]; isConflict: boolean };

/**
 * The builder's writes to one draft, one at a time: each names the revision the previous one answered (If-Match),
 * so quick edits (arrow keys in the layout editor) queue instead of refusing each other with 412. An optional
 * optimistic change shows at once; the server's draft replaces it when the queue is empty. A 412 means another
 * tab or person changed the draft: the queue stops and the builder offers to reload.
 */
export function useDraftWrites(initial: TTemplateDraft, organizationId: string) {
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<DraftWriteError | undefined>();
  const [pending, setPending] = useState(0);
  const confirmed = useRef(initial);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const queued = useRef(0);
  const isConflict = useRef(false);

  const run = useCallback(
    <T extends TTemplateDraft>(
      write: (target: DraftTarget) => Promise<T>,
      optimistic?: (current: TTemplateDraft) => TTemplateDraft,
    ) => {
      if (isConflict.current) return Promise.resolve(undefined);
      if (optimistic) setDraft(optimistic);
      queued.current += 1;
      setPending(queued.current);
      const next = queue.current.then(async (): Promise<T | undefined> => {
        try {
          if (isConflict.current) return undefined;
          const saved = await write({ organizationId, draftId: initial.id, ifMatch: confirmed.current.revision });
          confirmed.current = saved;
          setError(undefined);
          return saved;
        } catch (caught) {
          const info = trpcErrorInfo(caught);
          isConflict.current = info.code === "PRECONDITION_FAILED";
          setError({ message: info.message, issues: info.issues, isConflict: isConflict.current });
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
    [organizationId, initial.id],
  );

  const reload = useCallback(async () => {
    const fresh = await utils.client.templateDrafts.byId.query({ organizationId, draftId: initial.id });
    confirmed.current = fresh;
    isConflict.current = false;
    setDraft(fresh);
    setError(undefined);
  }, [utils, organizationId, initial.id]);

  const client = utils.client.templateDrafts;
  return useMemo(
    () => ({ draft, error, isBusy: pending > 0, run, reload, client, dismissError: () => setError(undefined) }),
    [draft, error, pending, run, reload, client],
  );
}
