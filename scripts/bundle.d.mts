/** The path of an up-to-date bundle of `entry`, a TypeScript file named relative to the repository (bundle.mjs). */
export function bundled(entry: string): Promise<string>;
