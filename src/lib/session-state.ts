import { useSyncExternalStore } from "react";

/**
 * Whether the browser's session is still valid, as the server last answered (docs/editor.md, Session expiry). A call
 * answered UNAUTHORIZED (the session cookie expired or was removed) marks it ended: the header stops saying signed in,
 * the in-place sign-in opens, and what the page holds — an editor's unsaved edits — stays; signing in there restores
 * it, and those waiting for it (an editor whose save was refused) carry on.
 */

type SessionState = { isEnded: boolean; isPromptOpen: boolean };

let state: SessionState = { isEnded: false, isPromptOpen: false };
/** Whether the page was rendered for a signed-in member: only then can a session end (a visitor has none). */
let isPageSignedIn = false;
const listeners = new Set<() => void>();
const restoredListeners = new Set<() => void>();

function set(next: SessionState): void {
  if (next.isEnded === state.isEnded && next.isPromptOpen === state.isPromptOpen) return;
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const SERVER_STATE: SessionState = { isEnded: false, isPromptOpen: false };

/** The session's state; a page renders as signed in on the server, as the server knew it then. */
export function useSessionState(): SessionState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => SERVER_STATE,
  );
}

/** Told by the layout whether the page was rendered for a signed-in member. */
export function setPageSignedIn(isSignedIn: boolean): void {
  isPageSignedIn = isSignedIn;
}

/** The server refused a call for want of a session: the session ended, and the member is asked to sign in. */
export function markSessionEnded(): void {
  if (isPageSignedIn && !state.isEnded) set({ isEnded: true, isPromptOpen: true });
}

/** Opens or closes the in-place sign-in (closing keeps the session ended: the header offers it again). */
export function setSignInPromptOpen(isOpen: boolean): void {
  set({ ...state, isPromptOpen: isOpen && state.isEnded });
}

/** Signed in again in place: the session is back, and whoever waited for it is told. */
export function markSessionRestored(): void {
  set({ isEnded: false, isPromptOpen: false });
  for (const listener of [...restoredListeners]) listener();
}

/** Calls `listener` each time the session is restored in place. */
export function onSessionRestored(listener: () => void): () => void {
  restoredListeners.add(listener);
  return () => restoredListeners.delete(listener);
}
