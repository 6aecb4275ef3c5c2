/**
 * Rendered QR codes by format, size and URL, least recently used first out (docs/gs1.md, QR codes): a large PNG
 * costs about 0.4 s of CPU to render and the same code is asked for again and again (a page, a print run), so each
 * is rendered once per process while it stays in the cache. Bounded by bytes, so the largest codes cannot make it
 * grow without limit.
 */

type QrImage = string | Uint8Array<ArrayBuffer>;

const MAX_BYTES = 16 * 1024 * 1024;

const images = new Map<string, QrImage>();
let bytes = 0;

const sizeOf = (image: QrImage) => (typeof image === "string" ? image.length * 2 : image.byteLength);

export function qrCacheKey(format: string, size: number, url: string): string {
  return `${format}\u0000${size}\u0000${url}`;
}

export function cachedQrImage(key: string): QrImage | undefined {
  const image = images.get(key);
  if (image === undefined) return undefined;
  // Re-inserted, so it is the most recently used: Map keeps insertion order.
  images.delete(key);
  images.set(key, image);
  return image;
}

export function rememberQrImage(key: string, image: QrImage): void {
  const size = sizeOf(image);
  if (size > MAX_BYTES) return;
  const previous = images.get(key);
  if (previous !== undefined) {
    bytes -= sizeOf(previous);
    images.delete(key);
  }
  images.set(key, image);
  bytes += size;
  for (const [oldest, image] of images) {
    if (bytes <= MAX_BYTES) break;
    images.delete(oldest);
    bytes -= sizeOf(image);
  }
}

/** For tests: how many codes and bytes the cache holds. */
export function qrCacheStats(): { entries: number; bytes: number } {
  return { entries: images.size, bytes };
}
