import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React owns the page. A form whose submit only works
 * through JavaScript keeps its button disabled until then: a click before hydration would otherwise submit the form
 * natively — a GET of the same page with every field, the password too, in its address (and the server's log).
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
