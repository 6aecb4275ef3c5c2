import { strFromU8, strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { readZip, type ZipBudget } from "~/domain/archive/read-zip";
import { handmadeZip, refusal } from "~/domain/archive/zip-bombs.fixture";

const BUDGET: ZipBudget = { maxEntries: 10, maxBytes: 4 * 2 ** 20, maxRatio: 100 };
const all = { budget: BUDGET, wants: () => true, label: "The test file" };

/**
 * Text that deflate barely shrinks, so only the byte budget can stop it: 64 KiB of a generator's hex digits,
 * repeated further apart than deflate's 32 KiB window looks back.
 */
function noise(bytes: number): string {
  let state = 1;
  let block = "";
  while (block.length < 65_536) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    block += state.toString(16);
  }
  return block
    .slice(0, 65_536)
    .repeat(Math.ceil(bytes / 65_536))
    .slice(0, bytes);
}

describe("readZip", () => {
  it("answers the wanted entries, whole and in the archive's order, and skips the others", async () => {
    const bytes = zipSync({ "b.csv": strToU8("b,1"), "skip.bin": new Uint8Array(10), "a.csv": [strToU8("a,2"), { level: 0 }] });
    const entries = await readZip(bytes, { ...all, wants: (name) => name.endsWith(".csv") });
    expect([...entries.keys()]).toEqual(["b.csv", "a.csv"]);
    expect(strFromU8(entries.get("a.csv") ?? new Uint8Array())).toBe("a,2");
  });

  it("refuses more entries than the budget with 413, counting the skipped ones", async () => {
    const files = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}.txt`, strToU8("x")]));
    const refused = await refusal(readZip(zipSync(files), { ...all, wants: () => false }));
    expect(refused).toEqual({ code: "PAYLOAD_TOO_LARGE", message: expect.stringContaining("more than 10 entries") });
  });

  it("stops inflating at the byte budget, whatever the entries declare (a lying size)", async () => {
    const bytes = handmadeZip([
      { name: "a.txt", text: noise(600_000), declaredSize: 16 },
      { name: "b.txt", text: noise(600_000), declaredSize: 16 },
    ]);
    const refused = await refusal(readZip(bytes, { ...all, budget: { ...BUDGET, maxBytes: 2 ** 20 } }));
    expect(refused).toEqual({ code: "PAYLOAD_TOO_LARGE", message: expect.stringContaining("more than 1 MiB once unpacked") });
  });

  it("stops an entry that grows past the ratio (a zip bomb) long before the byte budget, lying or not", async () => {
    for (const declaredSize of [undefined, 100]) {
      const bytes = handmadeZip([{ name: "bomb.csv", repeat: { byte: 0x2c, bytes: 3 * 2 ** 20 }, declaredSize }]);
      expect(bytes.length).toBeLessThan(30_000);
      const refused = await refusal(readZip(bytes, all));
      expect(refused).toEqual({
        code: "PAYLOAD_TOO_LARGE",
        message: expect.stringContaining('"bomb.csv" unpacks to more than 100 times'),
      });
    }
  });

  it("reads an entry that declares a wrong size as the bytes it really holds", async () => {
    const entries = await readZip(handmadeZip([{ name: "a.txt", text: "hello, world", declaredSize: 3 }]), all);
    expect(strFromU8(entries.get("a.txt") ?? new Uint8Array())).toBe("hello, world");
  });

  it("refuses bytes that are no zip, a cut archive and an entry that does not inflate with 400", async () => {
    const good = zipSync({ "a.txt": strToU8(noise(50_000)) });
    const broken = handmadeZip([{ name: "a.txt", text: "hello" }]);
    broken.set([0xff, 0xff, 0xff], 30 + "a.txt".length);
    for (const bytes of [strToU8("not a zip at all"), new Uint8Array(0), good.subarray(0, 20_000), broken]) {
      expect((await refusal(readZip(bytes, all))).code).toBe("BAD_REQUEST");
    }
  });

  it("gives the event loop back while it inflates", async () => {
    const bytes = zipSync({ "a.txt": [strToU8(noise(3 * 2 ** 20)), { level: 1 }] });
    let hasTicked = false;
    setTimeout(() => (hasTicked = true), 0);
    const entries = await readZip(bytes, { ...all, budget: { ...BUDGET, maxBytes: 8 * 2 ** 20 } });
    expect(entries.get("a.txt")?.length).toBe(3 * 2 ** 20);
    expect(hasTicked).toBe(true);
  });
});
