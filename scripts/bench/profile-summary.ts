/**
 * Attributes the self time of a V8 CPU profile to the parts of a request, by the source file of each sampled
 * function (the in-process profile runs the app's TypeScript through tsx, so files keep their real paths).
 */

export type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
};

type Categories = [string, (url: string, name: string) => boolean][];

// First match wins: the app's own auth code before the generic src/server rule, and so on.
const CATEGORIES: Categories = [
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

/**
 * The built app's own process under load (`profileAppCpu`): Next's code is its files in node_modules/next, the app's
 * route code with the packages bundled into it is the build's chunks under .next/server.
 */
const APP_CATEGORIES: Categories = [
  ...CATEGORIES.slice(0, 4),
  [
    "Next: routing (router server, route resolution, headers())",
    (url) => /next\/dist\/(server\/lib\/router|shared\/lib\/router)/.test(url),
  ],
  ["Next: request handling and the app-route runtime", (url) => /next\/dist\/(server|compiled\/next-server)\//.test(url)],
  ["Next: other (its compiled packages, shared code)", (url) => /node_modules\/next\//.test(url)],
  ["Prisma (query plan, result mapping)", (url) => /@prisma|generated\/prisma|query_compiler/.test(url)],
  ["database driver (pg)", (url) => /node_modules\/pg|pg-pool|pg-protocol|pg-types/.test(url)],
  ["the app's build: our route code and the packages bundled in it", (url) => /\.next\/server\//.test(url)],
  ["JSON", (_url, name) => /^(stringify|parse|JSONStringify|JSONParse)$/.test(name)],
  ["Node: HTTP, streams, web Request/Response", (url) => url.startsWith("node:") || /undici/.test(url)],
];

const OTHER = "other (V8 runtime, tsx, other packages)";

export function summariseProfile(profile: CpuProfile, categories: Categories = CATEGORIES): { category: string; ms: number }[] {
  const categoryOf = new Map<number, string>();
  for (const node of profile.nodes) {
    const { url, functionName } = node.callFrame;
    const found = categories.find(([, matches]) => matches(url, functionName));
    categoryOf.set(node.id, found ? found[0] : OTHER);
  }
  const totals = new Map<string, number>();
  profile.samples.forEach((nodeId, i) => {
    const category = categoryOf.get(nodeId) ?? OTHER;
    totals.set(category, (totals.get(category) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].map(([category, ms]) => ({ category, ms })).sort((a, b) => b.ms - a.ms);
}

/** {@link summariseProfile} of the built app's own process (Next and the route handler together). */
export function summariseAppProfile(profile: CpuProfile): { category: string; ms: number }[] {
  return summariseProfile(profile, APP_CATEGORIES);
}

/** The functions with the most self time, each with its file (shortened to what follows node_modules/ or .next/). */
export function topFunctions(profile: CpuProfile, count: number): { name: string; ms: number }[] {
  const frameOf = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const totals = new Map<string, number>();
  profile.samples.forEach((nodeId, i) => {
    const frame = frameOf.get(nodeId);
    if (!frame || frame.functionName === "(idle)") return;
    const file = frame.url.replace(/^.*?(node_modules\/|\.next\/)/, "$1");
    const name = `${frame.functionName || "(anonymous)"} ${file}`;
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals]
    .map(([name, ms]) => ({ name, ms }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
}
