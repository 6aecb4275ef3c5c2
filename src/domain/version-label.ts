/**
 * The version label the publish dialog proposes: the draft's own label when no published template of the lineage
 * has it, else the next one that is free. A label `x.y.z` moves to the next minor version (`1.0.0` → `1.1.0`, the
 * dialog's hint); another label with a number moves its last number on (`v2` → `v3`, `2024.1` → `2024.2`); a label
 * without one gets ` 2`, ` 3`, …. Labels are compared exactly, as the server's uniqueness rule does (409).
 */
export function nextFreeVersionLabel(label: string, published: readonly string[]): string {
  const taken = new Set(published);
  let candidate = label;
  // Bounded: each step yields a label never seen before, and at most `taken.size` of them can be taken.
  for (let step = 0; step <= taken.size && taken.has(candidate); step++) candidate = following(candidate, label, step);
  return candidate;
}

function following(candidate: string, original: string, step: number): string {
  const semver = /^(.*?)(\d+)\.(\d+)\.(\d+)(\D*)$/.exec(candidate);
  if (semver) {
    const [, prefix, major, minor, , suffix] = semver;
    return `${prefix}${major}.${Number(minor) + 1}.0${suffix}`;
  }
  const number = /^(.*?)(\d+)(\D*)$/.exec(candidate);
  if (number) {
    const [, prefix, digits, suffix] = number;
    return `${prefix}${BigInt(digits ?? "0") + 1n}${suffix}`;
  }
  return `${original} ${step + 2}`;
}
