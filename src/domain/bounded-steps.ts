/**
 * Long work on one request (inflating an archive, scanning a large file) done in steps that give the event loop back
 * every few milliseconds, so the process keeps answering other requests meanwhile (docs/security.md, Archives and
 * files). Works in the browser too, where `setImmediate` is missing and a zero timeout stands in.
 */

/** How long one step may hold the event loop before it is given back. */
const SLICE_MS = 8;

export type Stepper = {
  /** Gives the event loop back if the current slice is used up; cheap to call often. */
  step(): Promise<void>;
};

export function createStepper(): Stepper {
  let sliceStart = performance.now();
  return {
    async step() {
      if (performance.now() - sliceStart < SLICE_MS) return;
      await yieldToEventLoop();
      sliceStart = performance.now();
    },
  };
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof setImmediate === "function") setImmediate(resolve);
    else setTimeout(resolve, 0);
  });
}
