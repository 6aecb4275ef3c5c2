/**
 * Attributes the self time of a V8 CPU profile to the parts of a request, by the source file of each sampled
 * function (the in-process profile runs the app's TypeScript through tsx, so files keep their real paths).
 */

export type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
};

// First match wins: the app's own auth code before the generic src/server rule, and so on.
const CATEGORIES: [string, (url: string, name: string) => boolean][] = [
  ["idle (waiting on the database)", (_url, name) => name === "(idle)"],
  ["garbage collection", (_url, name) => name === "(garbage collector)"],
  // The in-process inspector session delivering the profiler's own messages: the measurement, not the request.
  ["the profiler itself (inspector dispatch)", (url, name) => url === "" && name === "dispatch"],
  [
    "socket writes (mostly the database wire protocol)",
    (url, name) => url === "" && /^(writev|writeBuffer|writeUtf8String|writeLatin1String)$/.test(name),
  ],
  ["auth: key verification, membership", (url) => /better-auth|api-key|src\/server\/auth\//.test(url)],
  ["validation (zod, domain rules)", (url) => /node_modules\/zod\/|src\/domain\//.test(url)],
  ["Prisma (query plan, result mapping)", (url) => /@prisma|src\/generated\/prisma/.test(url)],
  ["database driver (pg)", (url) => /node_modules\/pg|pg-pool|pg-protocol|pg-types|src\/server\/db\//.test(url)],
  ["REST wrapper and services", (url) => /src\/server\/|src\/app\//.test(url)],
  ["JSON", (_url, name) => /^(stringify|parse|JSONStringify|JSONParse)$/.test(name)],
  ["Node and web platform (streams, Request, Response, crypto)", (url) => url.startsWith("node:") || /undici/.test(url)],
];

export function summariseProfile(profile: CpuProfile): { category: string; ms: number }[] {
  const categoryOf = new Map<number, string>();
  for (const node of profile.nodes) {
    const { url, functionName } = node.callFrame;
    const found = CATEGORIES.find(([, matches]) => matches(url, functionName));
    categoryOf.set(node.id, found ? found[0] : "other (V8 runtime, tsx, other packages)");
  }
  const totals = new Map<string, number>();
  profile.samples.forEach((nodeId, i) => {
    const category = categoryOf.get(nodeId) ?? "other (V8 runtime, tsx, other packages)";
    totals.set(category, (totals.get(category) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].map(([category, ms]) => ({ category, ms })).sort((a, b) => b.ms - a.ms);
}
