/**
 * Splits JSON texts into groups whose joined length stays within `maxChars` (a text longer than that alone makes a
 * group of its own), in order, so a set-based statement can take many rows as a few bounded parameters instead of
 * one of any size.
 */
export function chunkTexts(texts: readonly string[], maxChars: number): string[][] {
  const chunks: string[][] = [];
  let chunk: string[] = [];
  let size = 0;
  for (const text of texts) {
    if (chunk.length > 0 && size + text.length > maxChars) {
      chunks.push(chunk);
      chunk = [];
      size = 0;
    }
    chunk.push(text);
    size += text.length + 1;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}
