import { deflateSync, strToU8 } from "fflate";
import { AppError } from "~/domain/app-error";

/**
 * Hostile zip archives for tests, written by hand so they can lie: an entry may declare any uncompressed size (in
 * its local header and the central directory alike), and an entry of a repeated byte is deflated in a stream, so a
 * test holds only its few compressed kilobytes, never the gigabytes it unpacks to.
 */
export type FixtureContent =
  { text: string; declaredSize?: number } | { repeat: { byte: number; bytes: number }; declaredSize?: number };
export type FixtureEntry = FixtureContent & { name: string };

export function handmadeZip(entries: readonly FixtureEntry[]): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { data, size } = "text" in entry ? deflated(entry.text) : repeated(entry.repeat.byte, entry.repeat.bytes);
    const name = strToU8(entry.name);
    const declared = entry.declaredSize ?? size;
    const local = header(30 + name.length, [
      [0, 4, 0x04034b50],
      [4, 2, 20],
      [8, 2, 8],
      [18, 4, data.length],
      [22, 4, declared],
      [26, 2, name.length],
    ]);
    local.set(name, 30);
    const record = header(46 + name.length, [
      [0, 4, 0x02014b50],
      [4, 2, 20],
      [6, 2, 20],
      [10, 2, 8],
      [20, 4, data.length],
      [24, 4, declared],
      [28, 2, name.length],
      [42, 4, offset],
    ]);
    record.set(name, 46);
    parts.push(local, data);
    central.push(record);
    offset += local.length + data.length;
  }
  const centralSize = central.reduce((sum, r) => sum + r.length, 0);
  const end = header(22, [
    [0, 4, 0x06054b50],
    [8, 2, entries.length],
    [10, 2, entries.length],
    [12, 4, centralSize],
    [16, 4, offset],
  ]);
  return concat([...parts, ...central, end]);
}

function deflated(text: string): { data: Uint8Array; size: number } {
  const bytes = strToU8(text);
  return { data: deflateSync(bytes), size: bytes.length };
}

/**
 * `bytes` copies of `byte` as one fixed-Huffman DEFLATE block written bit by bit (RFC 1951 §3.2.6): a literal, then
 * back-references of 258 bytes at distance 1 (13 bits each), so a gigabyte costs a few hundred kilobytes and no
 * time, where a real deflater would take seconds to find what it knows in advance.
 */
function repeated(byte: number, bytes: number): { data: Uint8Array; size: number } {
  const out = new Uint8Array(Math.ceil((20 + (bytes / 258) * 13 + 258 * 9) / 8) + 1);
  let bit = 0;
  const code = (value: number, length: number) => {
    // Huffman codes are packed from their most significant bit; header fields from their least (RFC 1951 §3.1.1).
    for (let i = length - 1; i >= 0; i--, bit++) if ((value >> i) & 1) out[bit >> 3] = (out[bit >> 3] ?? 0) | (1 << (bit & 7));
  };
  const literal = () => (byte < 144 ? code(0x30 + byte, 8) : code(0x190 + byte - 144, 9));
  code(0b110, 3); // BFINAL = 1, BTYPE = 01 (fixed Huffman), least significant bit first
  literal();
  let left = bytes - 1;
  for (; left >= 258; left -= 258) code(0b11000101_00000, 13); // length 258 (code 285), distance 1 (code 0)
  for (; left > 0; left--) literal();
  code(0, 7); // end of block (256)
  return { data: out.subarray(0, Math.ceil(bit / 8)), size: bytes % 2 ** 32 };
}

function header(length: number, fields: readonly (readonly [number, 2 | 4, number])[]): Uint8Array {
  const bytes = new Uint8Array(length);
  const view = new DataView(bytes.buffer);
  for (const [at, width, value] of fields) {
    if (width === 2) view.setUint16(at, value, true);
    else view.setUint32(at, value >>> 0, true);
  }
  return bytes;
}

function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const whole = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/** The AppError a read refused with (code and message); fails the test when it was not refused. */
export async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}
