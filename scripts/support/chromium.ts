/**
 * The Chromium every browser of ours runs (the browser ring, the editor bench, the built app's error page test):
 * Debian's chromium-headless-shell, the same Chromium version as its `chromium`, which is also what Playwright runs
 * headless by default — the same Blink and V8 without the full browser's window, compositor and GPU process.
 * Measured on 43 browser tests side by side, 2026-11-30: Chromium's CPU 175 s with the full browser, 94 s with the
 * shell (the ring's wall time 156 s, 113 s). CHROMIUM_PATH names another.
 */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
