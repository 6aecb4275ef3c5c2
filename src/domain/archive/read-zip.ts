import { Unzip, UnzipInflate } from "fflate";
import { AppError } from "~/domain/app-error";
import { createStepper } from "~/domain/bounded-steps";

/**
 * The one reader of zip archives: AASX packages, XLSX workbooks and zips of CSV files, on the server and in the
 * editor (docs/security.md, Archives and files). The sizes an archive declares, in its local headers or its central
 * directory, are never trusted: entries are inflated by fflate's streaming inflater from the bytes as they come, fed
 * in small chunks, and a budget on the count of entries, the bytes inflated and the growth of each entry stops the
 * inflater as soon as it is passed (413). Between chunks the event loop is given back (bounded-steps.ts), so a large
 * archive never keeps the server from answering others. An archive that cannot be read is a 400.
 */

export type ZipBudget = {
  /** The most entries the archive may have, read or skipped. */
  maxEntries: number;
  /** The most bytes the entries read may hold together once inflated. */
  maxBytes: number;
  /** The most an entry may grow (inflated bytes per compressed byte) once it holds more than RATIO_FLOOR_BYTES. */
  maxRatio: number;
};

/** Below this an entry may grow as it likes: small parts (styles, relationships) compress far better than data. */
const RATIO_FLOOR_BYTES = 1024 * 1024;

/**
 * Compressed bytes fed to the inflater at once. DEFLATE grows at most ~1,032-fold, so one step writes at most
 * ~64 MiB before the budget is checked again; smaller chunks made fflate's inflater several times slower.
 */
const CHUNK_BYTES = 64 * 1024;

export type ReadZipOptions = {
  budget: ZipBudget;
  /** Which entries to inflate, by their name in the archive; the others are skipped without inflating them. */
  wants: (name: string) => boolean;
  /** How a message names the file: "The XLSX file". */
  label: string;
};

/** The wanted entries' inflated bytes by name, in the archive's order; AppError 413 past the budget, 400 if unreadable. */
export async function readZip(bytes: Uint8Array, options: ReadZipOptions): Promise<Map<string, Uint8Array>> {
  const { budget, wants, label } = options;
  const entries = new Map<string, Uint8Array>();
  const unfinished = new Set<string>();
  const count = { entries: 0, inflated: 0, pushed: 0, chunkStart: 0 };
  const unzip = new Unzip((file) => {
    if (++count.entries > budget.maxEntries) {
      throw tooLarge(`${label} has more than ${budget.maxEntries.toLocaleString("en-US")} entries; at most that many are read.`);
    }
    if (!wants(file.name)) return;
    // The entry's compressed bytes so far are at most what was pushed since the chunk its header came in.
    const compressedFrom = count.chunkStart;
    const parts: Uint8Array[] = [];
    let size = 0;
    unfinished.add(file.name);
    file.ondata = (error, data, isFinal) => {
      if (error)
        throw error instanceof AppError ? error : notReadable(label, `its entry "${file.name}" cannot be inflated (${error.message})`);
      size += data.length;
      count.inflated += data.length;
      if (count.inflated > budget.maxBytes) {
        throw tooLarge(`${label} holds more than ${mebibytes(budget.maxBytes)} once unpacked; at most that much is read.`);
      }
      if (size > RATIO_FLOOR_BYTES && size > budget.maxRatio * (count.pushed - compressedFrom)) {
        throw tooLarge(
          `${label}'s entry "${file.name}" unpacks to more than ${budget.maxRatio} times its packed size; it is refused as a zip bomb.`,
        );
      }
      parts.push(data);
      if (!isFinal) return;
      entries.set(file.name, joined(parts, size));
      unfinished.delete(file.name);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  await feed(unzip, bytes, count, label);
  if (count.entries === 0) throw notReadable(label, "it holds no zip entries");
  const [cut] = unfinished;
  if (cut !== undefined) throw notReadable(label, `its entry "${cut}" is cut short`);
  return entries;
}

async function feed(unzip: Unzip, bytes: Uint8Array, count: { pushed: number; chunkStart: number }, label: string): Promise<void> {
  const stepper = createStepper();
  try {
    for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
      const chunk = bytes.subarray(offset, offset + CHUNK_BYTES);
      count.chunkStart = count.pushed;
      count.pushed += chunk.length;
      unzip.push(chunk, false);
      await stepper.step();
    }
    unzip.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notReadable(label, `it is not a readable zip archive (${(error as Error).message})`);
  }
}

function joined(parts: readonly Uint8Array[], size: number): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

function mebibytes(bytes: number): string {
  return `${(bytes / 2 ** 20).toLocaleString("en-US")} MiB`;
}

function tooLarge(message: string): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", message);
}

function notReadable(label: string, reason: string): AppError {
  return new AppError("BAD_REQUEST", `${label} cannot be read: ${reason}.`);
}
